/** The product's classroom name: page titles fall back to it (spec part 1, section 2). */
export const PRODUCT_NAME = 'Music Classroom';

/** Set at build time; busts caches written by older code. */
export const APP_VERSION: string = __APP_VERSION__;

/** The contact address the footer and the error panel give. */
export const CONTACT_EMAIL = 'classroom@orchestra.example';

/** The orchestra charity behind the product (footer). */
export const CHARITY = {
  name: 'The Example Philharmonic Orchestra Ltd',
  companyNumber: '01234567',
  charityNumber: '1234567',
} as const;

export const ORCHESTRA_SITE = {
  url: 'https://orchestra.example',
  label: 'Visit the orchestra’s website',
} as const;

/** Whether sign-in and account features are on (the footer's 'Sign In' button needs it). */
export const USER_DETAILS_ENABLED = true;

/**
 * Salt of the Music at Home link encoding (spec part 2, "At home": the library id is decoded
 * with a fixed salt). Set VITE_AT_HOME_SALT at build time to use a private one.
 */
export const AT_HOME_SALT: string = import.meta.env.VITE_AT_HOME_SALT ?? 'music-classroom-at-home';

/** The orchestra's public events feed (WordPress REST shape); the CMS serves a stand-in. */
export const EVENTS_FEED_URL: string =
  import.meta.env.VITE_EVENTS_FEED_URL ?? '/api/events-feed/wp/v2/events';
