import { describe, expect, it } from 'vitest';
import {
  countLabel,
  inAddressOrder,
  parsePageIds,
  scoreCaption,
} from '../../../src/features/libraries/utils/audio-rules';

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

  it('counts in the spec words, singular for one', () => {
    expect(countLabel(3, 'recordings')).toBe('3 recordings');
    expect(countLabel(1, 'recordings')).toBe('1 recording');
    expect(countLabel(2, 'songs')).toBe('2 songs');
    expect(countLabel(1, 'songs')).toBe('1 song');
    expect(countLabel(12, 'activities')).toBe('12 activities');
    expect(countLabel(1, 'activities')).toBe('1 activity');
    expect(countLabel(0, 'activities')).toBe('0 activities');
  });
});

describe('inAddressOrder', () => {
  it("keeps the address's order whatever order the CMS answers in, leaving unknown ids out", () => {
    const pages = [{ documentId: 'c' }, { documentId: 'a' }, { documentId: 'b' }];
    expect(inAddressOrder(pages, ['a', 'b', 'x', 'c']).map((page) => page.documentId)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});
