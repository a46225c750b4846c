import { db } from '../db/database';

/**
 * The CMS's public key for signed downloads, as this device keeps it (in `meta`: it is the
 * CMS's, not a teacher's, and stays across sign-outs), so a lesson file can be checked offline.
 * Learnt whenever a signed-in device starts online; this module is small and loads nothing else.
 */

/** The CMS's public signing key as this device keeps it. */
export interface SigningKey {
  kid: string;
  /** The raw Ed25519 public key, base64url (the JWK's `x`). */
  x: string;
}

const KEY_ROW = 'download-signing-key';

/** The key this device learnt from its CMS, or null (never online since lesson files came). */
export async function knownSigningKey(): Promise<SigningKey | null> {
  const row = await db.meta.get(KEY_ROW);
  if (!row) return null;
  try {
    return JSON.parse(row.value) as SigningKey;
  } catch {
    return null;
  }
}

/**
 * Asks the CMS for its public key and keeps it (a rotated key replaces the old one). Quiet when
 * offline or when the CMS does not answer: the key kept before stays.
 */
export async function learnSigningKey(): Promise<SigningKey | null> {
  try {
    const response = await fetch('/api/download-signing-key', { cache: 'no-store' });
    if (!response.ok) return knownSigningKey();
    const jwk = (await response.json()) as { kty?: string; crv?: string; x?: string; kid?: string };
    if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || !jwk.x || !jwk.kid) return knownSigningKey();
    const key: SigningKey = { kid: jwk.kid, x: jwk.x };
    await db.meta.put({ key: KEY_ROW, value: JSON.stringify(key) });
    return key;
  } catch {
    return knownSigningKey();
  }
}

/** The key learnt once per device: a rotated key is learnt when a file is opened online. */
export async function learnSigningKeyOnce(): Promise<SigningKey | null> {
  return (await knownSigningKey()) ?? learnSigningKey();
}
