'use strict';

/**
 * One spelling for every e-mail address the CMS compares or stores (register, sign-in, forgot
 * password, confirmation, invitations, any write of a user), so that an address that only looks
 * like another one cannot become a second account:
 * - NFKC folds compatibility forms (fullwidth letters, circled or mathematical letters, the long
 *   s, the fullwidth at sign) into their plain letters;
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
const ADDRESS_SHAPE = /^[^\s@\p{C}]+@[^\s@\p{C}]+\.[^\s@\p{C}]+$/u;

/*
 * Only plain ASCII addresses, after normalising: an unquoted dot-atom local part and a domain of
 * letters, digits and hyphens ending in a top-level domain (punycode xn-- labels included). Internationalised addresses (EAI)
 * are deliberately refused: Cyrillic, Greek or IPA letters, combining accents and blank symbols
 * such as U+2800 make addresses that read like a colleague's, and school addresses are ASCII.
 * Quoted local parts, comments and IP-literal domains are refused too: they name mailboxes that
 * plain addresses already name, and would carry arbitrary text into the e-mails that print them.
 */
const ATOM = "[a-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
// The last label has a letter (a top-level domain or its punycode): no IP addresses.
const TOP_LABEL = '(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})';
const PLAIN_ADDRESS = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${TOP_LABEL}$`, 'i');
const LOCAL_MAX = 64;
const ADDRESS_MAX = 254;

const PLAIN_ADDRESS_HINT =
  'Please use an e-mail address made of plain letters and digits, such as name@school.org.uk';
const NOT_AN_ADDRESS = 'Please enter a valid email address';

/** @param {string} normalised an address from normaliseEmail */
const isEmailAddress = (normalised) =>
  typeof normalised === 'string' &&
  normalised.length <= ADDRESS_MAX &&
  normalised.indexOf('@') <= LOCAL_MAX &&
  PLAIN_ADDRESS.test(normalised);

/**
 * Whether a value has an address's shape at all (one at sign, a dotted domain), plain or not.
 * @param {string} normalised an address from normaliseEmail
 */
const looksLikeAnAddress = (normalised) => ADDRESS_SHAPE.test(normalised);

/**
 * What is wrong with an address a person typed, in words they can act on; null when it is usable.
 * @param {string} normalised an address from normaliseEmail
 */
function emailAddressProblem(normalised) {
  if (isEmailAddress(normalised)) return null;
  return looksLikeAnAddress(normalised) ? PLAIN_ADDRESS_HINT : NOT_AN_ADDRESS;
}

module.exports = {
  normaliseEmail,
  isEmailAddress,
  looksLikeAnAddress,
  emailAddressProblem,
  NOT_AN_ADDRESS,
};
