import { describe, expect, it } from 'vitest';
import { builderButtonLabel } from '../../../src/lib/content/custom-plan';
import { slideCountLabel } from '../../../src/features/lesson-mode/model/navigation';
import { countLabel } from '../../../src/features/libraries/utils/audio-rules';
import { pendingLabel } from '../../../src/lib/sync/sync-status-store';
import { sessionEndedText } from '../../../src/lib/ui/session-ended-notice';
import { countOf } from '../../../src/lib/text/count';

// Every sentence the app builds around a number reads as a person wrote it: singular for exactly
// one, plural otherwise (zero included), never "1 more strands" or "2 slide".

const PLURAL_AFTER_ONE =
  /(?<![\d.])1 (?:more )?(?:\w+ )?(slides|strands|changes|items|recordings|songs|activities|downloads|playlists|playlist changes)\b/;
const SINGULAR_AFTER_MANY =
  /\b(?:0|[2-9]|\d{2,}) (?:more )?(slide|strand|change|item|recording|song|activity|download|playlist)\b(?!s)/;

/** Each of the app's sentence builders, at 0, 1, 2 and 12. */
const sentences = (n: number): string[] => [
  countOf(n, 'slide'),
  slideCountLabel(n),
  builderButtonLabel(4 - Math.min(n, 4), 4),
  builderButtonLabel(0, n === 0 ? 4 : n),
  countLabel(n, 'recordings'),
  countLabel(n, 'songs'),
  countLabel(n, 'activities'),
  pendingLabel(n),
  ...sessionEndedText({ downloadsRemoved: n, playlistsKept: n }),
];

describe('sentences built around a count', () => {
  it.each([0, 1, 2, 12])('read as a person wrote them with %i', (n) => {
    for (const sentence of sentences(n)) {
      expect(sentence, sentence).not.toMatch(PLURAL_AFTER_ONE);
      expect(sentence, sentence).not.toMatch(SINGULAR_AFTER_MANY);
    }
  });

  it('say one in the singular and the rest in the plural', () => {
    expect(countOf(1, 'slide')).toBe('1 slide');
    expect(countOf(0, 'slide')).toBe('0 slides');
    expect(countOf(2, 'activity', 'activities')).toBe('2 activities');
    expect(builderButtonLabel(3, 4)).toBe('Select 1 more strand to create your unit');
    expect(builderButtonLabel(1, 4)).toBe('Select 3 more strands to create your unit');
    expect(builderButtonLabel(4, 4)).toBe('Create your unit');
  });
});
