/** A download that cannot go ahead, with a message written for the teacher (shown as is). */
export class DownloadError extends Error {}
