import { describe, expect, it } from 'vitest';
import { countLabel, parsePageIds, scoreCaption } from '../../../src/features/libraries/utils/audio-rules';

describe('audio library rules', () => {
  it("captions a score 'Download score (PDF)' unless the CMS gives one", () => {
    expect(scoreCaption(null)).toBe('Download score (PDF)');
    expect(scoreCaption('  ')).toBe('Download score (PDF)');
    expect(scoreCaption('Full score')).toBe('Full score');
  });

  it('reads comma-joined page ids, in order, once each', () => {
    expect(parsePageIds('a,b, c,,a')).toEqual(['a', 'b', 'c']);
    expect(parsePageIds(undefined)).toEqual([]);
  });

  it('counts in the spec words', () => {
    expect(countLabel(3, 'recordings')).toBe('3 recordings');
    expect(countLabel(12, 'activities')).toBe('12 activities');
  });
});
