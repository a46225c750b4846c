import Hashids from 'hashids';
import { AT_HOME_SALT } from '../config';

// A minimum length keeps the codes from looking like bare counters.
const MIN_LENGTH = 8;

function codec(salt: string): Hashids {
  return new Hashids(salt, MIN_LENGTH);
}

/**
 * The Music at Home code (spec part 2, "Programme page"): the first at-home library's numeric id
 * together with the sharing teacher's user id, so families get a link without an account.
 */
export function encodeAtHomeLibrary(
  libraryId: number,
  userId: number,
  salt = AT_HOME_SALT,
): string {
  return codec(salt).encode(libraryId, userId);
}

/** The numeric library id in a code, or null for anything that is not a valid code. */
export function decodeAtHomeLibrary(code: string, salt = AT_HOME_SALT): number | null {
  try {
    const [libraryId] = codec(salt).decode(code);
    return typeof libraryId === 'number' || typeof libraryId === 'bigint'
      ? Number(libraryId)
      : null;
  } catch {
    return null;
  }
}

/** The full at-home link, built locally from the site address, audience and programme. */
export function atHomeLink(
  origin: string,
  audience: string,
  programme: string,
  code: string,
): string {
  return `${origin}/${audience}/${programme}/at-home/${code}`;
}
