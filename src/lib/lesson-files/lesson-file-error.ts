/**
 * Why a lesson file was not saved or opened, each with the sentence the teacher reads (the
 * storage page shows `message`; the kind is for code and tests).
 */
const MESSAGES = {
  changed:
    'This file has been changed since it was saved, so it cannot be trusted. Ask for the file again.',
  truncated: 'This file is incomplete (it may not have finished copying). Ask for the file again.',
  'not-a-lesson-file': 'This is not a lesson file. Choose a file saved with ‘Save as a file’.',
  'other-cms': 'This file was saved from another content service, so this device cannot check it.',
  'no-key':
    'This device cannot check lesson files yet. Connect to the internet once, then open the file again.',
  'subscribers-only':
    'This file holds subscriber content. Only a teacher with an active subscription can open it.',
  'other-role':
    'This file was saved by a teacher with another kind of account, so it does not hold what yours shows. Make the lesson available offline yourself instead.',
  'key-unreachable':
    'The content service could not be reached to check this file. Try again in a moment.',
  'log-in': 'Log in to open a lesson file.',
  'already-here': 'This is already on this device.',
  'copied-already':
    'You opened this file before: the playlist it made is in Your Playlists. Opening it again would make another copy.',
  'downloading-here':
    'This is being made available offline on this device already. Remove that download first to open the file instead.',
  'no-room': 'Not enough space on this device for this file.',
  'not-signed':
    'This download was made before lesson files existed. Remove it, make it available offline again, then save it as a file.',
  'not-complete': 'Only a finished download can be saved as a file.',
  'not-ready': 'This download cannot be saved as a file yet. Update it, then try again.',
  'missing-part': 'Part of this lesson is missing from the file. Ask for the file again.',
  'other-version':
    'This file was saved by another version of the app. Update the app on both devices, then save the file again.',
  'not-stored': 'The file could not be stored. Nothing of it was kept; try again.',
  'too-large':
    'This is too large for one lesson file (the most is 4 GB). Save its lessons one by one.',
  newer: 'This file was saved by a newer version of the app. Update the app, then open it again.',
} as const;

export type LessonFileProblem = keyof typeof MESSAGES;

export class LessonFileError extends Error {
  constructor(
    readonly problem: LessonFileProblem,
    message: string = MESSAGES[problem],
  ) {
    super(message);
    this.name = 'LessonFileError';
  }
}
