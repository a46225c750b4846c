import { verifyAsync } from '@noble/ed25519';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { SigningKey } from './signing-key';
import { LessonFileError } from './lesson-file-error';

/**
 * The CMS's signatures on downloaded answers and files (cms/src/download-signing): what a
 * statement says, how it is checked, and the CMS's public key, which this device keeps so it can
 * check a lesson file offline.
 */

/** What the CMS signed: a GraphQL answer (operationName…for) or a stored file (file, size). */
export interface Statement {
  v: 1;
  kid: string;
  /** SHA-256 (hex) of the answer's bytes, or of the file's. */
  answer: string;
  at: string;
  operationName?: string | null;
  /** SHA-256 (hex) of the query's text. */
  document?: string;
  variables?: Record<string, unknown>;
  /** The role the answer was made for: `active_subscriber`, `authenticated` or `public`. */
  for?: string;
  /** A stored file's own address (`/uploads/…`) and size. */
  file?: string;
  size?: number;
}

/** A statement and its signature as the CMS sent them (base64url), kept with what they cover. */
export interface Signed {
  statement: string;
  signature: string;
}

export function base64urlToBytes(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export const sha256Hex = (bytes: Uint8Array): string => bytesToHex(sha256(bytes));

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/**
 * The statement `signed` makes, once its signature is checked against `key`; a LessonFileError
 * when it was made with another key or does not verify (a changed byte).
 */
export async function verifiedStatement(signed: Signed, key: SigningKey): Promise<Statement> {
  let bytes: Uint8Array;
  let statement: Statement;
  try {
    bytes = base64urlToBytes(signed.statement);
    statement = JSON.parse(new TextDecoder().decode(bytes)) as Statement;
  } catch {
    throw new LessonFileError('changed');
  }
  if (statement?.v !== 1 || typeof statement.answer !== 'string')
    throw new LessonFileError('changed');
  if (statement.kid !== key.kid) throw new LessonFileError('other-cms');
  let valid = false;
  try {
    valid = await verifyAsync(base64urlToBytes(signed.signature), bytes, base64urlToBytes(key.x));
  } catch {
    valid = false;
  }
  if (!valid) throw new LessonFileError('changed');
  return statement;
}
