/**
 * The CMS's confirmation codes are 40 hexadecimal characters (20 random bytes), both those
 * users-permissions makes and the ones an invitation carries. A link damaged on its way (cut
 * short by a line break, a full stop or '>' stuck to its end, upper-cased by a mail program) is
 * mended where that is certain and otherwise named as damaged, without asking the CMS: a code the
 * CMS does not know would be told as "already used", which sends the teacher the wrong way.
 */
const CODE = /^[0-9a-f]{40}$/;

export type ConfirmationCode =
  { kind: 'code'; value: string } | { kind: 'missing' } | { kind: 'damaged' };

export function readConfirmationCode(raw: string | null): ConfirmationCode {
  if (raw === null || raw.trim() === '') return { kind: 'missing' };
  const mended = raw
    .trim()
    .replace(/[\s.,;:!?'")\]>]+$/, '')
    .toLowerCase();
  return CODE.test(mended) ? { kind: 'code', value: mended } : { kind: 'damaged' };
}

export type ConfirmationAnswer =
  | { kind: 'confirmed'; email: string; joined: boolean }
  | { kind: 'used' }
  | { kind: 'unreachable' };

/**
 * Asks the CMS to confirm `code`. It answers a good code with the address it confirmed and
 * whether that joined a school subscription, and a used, expired or unknown one with a 400;
 * anything else (offline, a server failure, an answer not in that shape) says nothing about the
 * code, so the teacher may try again.
 */
export async function confirmEmail(code: string): Promise<ConfirmationAnswer> {
  try {
    const response = await fetch(
      `/api/auth/email-confirmation?confirmation=${encodeURIComponent(code)}`,
      {
        headers: { Accept: 'application/json' },
        redirect: 'manual',
        credentials: 'omit',
        cache: 'no-store',
      },
    );
    if (response.status === 400) return { kind: 'used' };
    if (!response.ok) return { kind: 'unreachable' };
    const body = (await response.json()) as {
      confirmed?: unknown;
      email?: unknown;
      joined?: unknown;
    };
    if (body.confirmed !== true || typeof body.email !== 'string') return { kind: 'unreachable' };
    return { kind: 'confirmed', email: body.email, joined: body.joined === true };
  } catch {
    return { kind: 'unreachable' };
  }
}
