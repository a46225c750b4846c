/**
 * An activity's teaching notes, asked for with its slides so the presenter view has them
 * offline too (a downloaded lesson stores the same answers) without a request of its own.
 */
export const ACTIVITY_NOTES_FRAGMENT = /* GraphQL */ `
  fragment ActivityNotes on ActivityPage {
    time
    music
    equipment
    lesson_summary
    teaching_option
  }
`;

/** Answers stored before these fields were asked for lack them: every field may be missing. */
export interface ActivityNotes {
  time: string | null;
  music: string | null;
  equipment: string | null;
  /** Rich text (HTML). */
  lesson_summary: string | null;
  teaching_option: string | null;
}
