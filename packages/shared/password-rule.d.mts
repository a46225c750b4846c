// Types for password-rule.mjs (shared by the CMS and the app; see that file).
export const PASSWORD_HINT: string;
export function isAcceptablePassword(password: unknown): password is string;
