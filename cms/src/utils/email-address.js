'use strict';

/**
 * One spelling for every e-mail address the CMS compares or stores (register, sign-in, forgot
 * password, confirmation, invitations, any write of a user), so that an address that only looks
 * like another one cannot become a second account:
 * - NFKC folds compatibility forms (fullwidth letters, circled or mathematical letters, the long
 *   s, the fullwidth @) into their plain letters;
 * - Unicode's Default_Ignorable_Code_Point list (zero-width spaces and joiners, the soft hyphen,
 *   the word joiner, the byte-order mark, bidi controls, variation selectors...) is removed: these
 *   characters show nothing, so an address with one reads exactly like the address without it;
 * - letters are lower-cased (again folded, as lower-casing can undo NFKC).
 */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** @param {unknown} value @returns {string} '' for anything that is not a string */
function normaliseEmail(value) {
  if (typeof value !== 'string') return '';
  return value.normalize('NFKC').toLowerCase().normalize('NFKC').replace(INVISIBLE, '').trim();
}

// One @, a dot in the domain, and no spaces or other control, format or unassigned characters.
const EMAIL = /^[^\s@\p{C}]+@[^\s@\p{C}]+\.[^\s@\p{C}]+$/u;

/** @param {string} normalised an address from normaliseEmail */
const isEmailAddress = (normalised) => EMAIL.test(normalised);

module.exports = { normaliseEmail, isEmailAddress };
