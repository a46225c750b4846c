/** The product's classroom name: page titles fall back to it (spec part 1, section 2). */
export const PRODUCT_NAME = 'Music Classroom';

/** Set at build time; busts caches written by older code. */
export const APP_VERSION: string = __APP_VERSION__;

/** The contact address the footer and the error panel give. */
export const CONTACT_EMAIL = 'classroom@orchestra.example';
