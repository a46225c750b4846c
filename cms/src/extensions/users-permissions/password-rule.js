'use strict';

// The password rule lives in the shared package (the app shows its text as the form's hint); the
// CMS loads that ES module once.
/** @type {Promise<typeof import('@music-classroom/shared/password-rule')> | undefined} */
let loading;
const passwordRule = () => (loading ??= import('@music-classroom/shared/password-rule'));

module.exports = { passwordRule };
