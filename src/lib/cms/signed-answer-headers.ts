/**
 * The headers of the CMS's signed answers (cms/src/download-signing): a download asks with
 * SIGN_ANSWER_HEADER, and the CMS answers with a statement of what it sent and its signature.
 * Kept apart from the code that checks them, which loads only with lesson files.
 */
export const SIGN_ANSWER_HEADER = 'x-sign-answer';
export const STATEMENT_HEADER = 'x-answer-statement';
export const SIGNATURE_HEADER = 'x-answer-signature';
