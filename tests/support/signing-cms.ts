import { keygenAsync, signAsync } from '@noble/ed25519';
import { sha256 as sha256Of } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { http, HttpResponse } from 'msw';
import { server } from './msw';

const sha256 = (bytes: Uint8Array | string) =>
  bytesToHex(sha256Of(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes));

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A file's bytes: its address repeated, so each file differs and a changed byte shows. */
export function fileBytes(path: string, size: number): Uint8Array {
  const pattern = new TextEncoder().encode(path);
  return Uint8Array.from({ length: size }, (_, index) => pattern[index % pattern.length]!);
}

/**
 * A CMS that signs what a download asks it to sign, as cms/src/download-signing does (the real
 * one is proved against the app's checks by e2e): GraphQL answers by variables, files under
 * /uploads/ of a given size with bytes made from their address, and the public key. `role` is
 * the role every answer is made for; `online` false fails every request as fetch does offline.
 */
export async function signingCms() {
  const { secretKey, publicKey } = await keygenAsync();
  const x = base64url(publicKey);
  const kid = sha256(x).slice(0, 32);
  const cms = {
    kid,
    answers: {} as Record<string, unknown>,
    sizes: {} as Record<string, number>,
    role: 'active_subscriber',
    online: true,
    /** Files fetched, in order. */
    fetched: [] as string[],
  };
  const signed = async (statement: Record<string, unknown>) => {
    const bytes = new TextEncoder().encode(
      JSON.stringify({ v: 1, kid, ...statement, at: new Date().toISOString() }),
    );
    return {
      'x-answer-statement': base64url(bytes),
      'x-answer-signature': base64url(await signAsync(bytes, secretKey)),
    };
  };
  server.use(
    http.all('*', () => (cms.online ? undefined : HttpResponse.error())),
    http.get('*/api/download-signing-key', () =>
      HttpResponse.json({ kty: 'OKP', crv: 'Ed25519', x, kid }),
    ),
    http.post('*/graphql', async ({ request }) => {
      const body = (await request.json()) as {
        query: string;
        operationName: string;
        variables: Record<string, unknown>;
      };
      const answer = JSON.stringify({ data: cms.answers[JSON.stringify(body.variables)] ?? null });
      const headers = request.headers.get('x-sign-answer')
        ? await signed({
            operationName: body.operationName,
            document: sha256(body.query),
            variables: body.variables,
            answer: sha256(answer),
            for: cms.role,
          })
        : {};
      return new HttpResponse(answer, {
        headers: { 'content-type': 'application/json', ...headers },
      });
    }),
    http.all('*/uploads/*', async ({ request }) => {
      const path = new URL(request.url).pathname;
      const bytes = fileBytes(path, cms.sizes[path] ?? 1024);
      if (request.method === 'HEAD')
        return new HttpResponse(null, { headers: { 'content-length': String(bytes.length) } });
      cms.fetched.push(path);
      const headers = request.headers.get('x-sign-answer')
        ? await signed({ file: path, size: bytes.length, answer: sha256(bytes) })
        : {};
      return new HttpResponse(bytes, {
        headers: {
          'content-type': path.endsWith('.mp3') ? 'audio/mpeg' : 'image/png',
          'content-length': String(bytes.length),
          ...headers,
        },
      });
    }),
  );
  return cms;
}
