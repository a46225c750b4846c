import { describe, expect, it } from 'vitest';
import type { ProgrammeQueryResult } from '../../../src/features/programmes/api/programme-query';
import { programmeLinks } from '../../../src/features/programmes/utils/programme-rules';

const result = (
  overrides: Partial<ProgrammeQueryResult> = {},
  libraries = { activity: 1, audio: 1 },
): ProgrammeQueryResult => ({
  programmes: [
    {
      documentId: 'p',
      title: 'P',
      slug: 'p',
      released: true,
      blurb: null,
      introduction: null,
      introduction_at_home: null,
      schemes_intro: null,
      media_introduction: null,
      media_embed: null,
      media_captions: null,
      media_transcript: null,
      units: [],
      has_custom_scheme_plan: false,
      summary_document: null,
      activity_libraries: Array.from({ length: libraries.activity }, (_, i) => ({
        documentId: `a${i}`,
        title: 'A',
      })),
      audio_libraries: Array.from({ length: libraries.audio }, (_, i) => ({
        documentId: `b${i}`,
        title: 'B',
      })),
      theme: null,
    },
  ],
  audiences: [],
  atHomeLibraries: [{ documentId: 'h', numeric_id: 3, title: 'Home' }],
  ...overrides,
});

describe('programme page rules', () => {
  it('links custom units only when a plan exists, libraries only when one exists', () => {
    expect(programmeLinks(result(), true)).toMatchObject({
      customUnits: false,
      activityLibrary: true,
      audioLibrary: true,
    });
    const withPlan = result();
    withPlan.programmes[0]!.has_custom_scheme_plan = true;
    expect(programmeLinks(withPlan, true).customUnits).toBe(true);
    // Visitors and trial users see it too: the link asks them to log in or subscribe.
    expect(programmeLinks(withPlan, false).customUnits).toBe(true);
    expect(programmeLinks(result({}, { activity: 0, audio: 1 }), true)).toMatchObject({
      activityLibrary: false,
      audioLibrary: true,
    });
  });

  it('offers Music at Home only to a logged-in user when an at-home library exists', () => {
    expect(programmeLinks(result(), true).atHome?.numeric_id).toBe(3);
    expect(programmeLinks(result(), false).atHome).toBeNull();
    expect(programmeLinks(result({ atHomeLibraries: [] }), true).atHome).toBeNull();
  });
});
