import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LONG_SLIDE_TEXT,
  SlideText,
} from '../../../src/features/lesson-mode/components/slide-text';

afterEach(cleanup);

const sizeOf = (html: string) => {
  const { container } = render(<SlideText html={html} />);
  return container.querySelector('.slide__text')?.classList.contains('slide__text--long')
    ? 'long'
    : 'normal';
};

describe('SlideText size', () => {
  it("counts what the class reads, not the text's tags or a link's address", () => {
    const address = `https://example.org/${'a'.repeat(LONG_SLIDE_TEXT)}`;
    // As the CMS answers rich text (HTML).
    expect(sizeOf(`<p><strong>Listen</strong> to <a href="${address}">the story</a>.</p>`)).toBe(
      'normal',
    );
  });

  it('sets a long text smaller', () => {
    expect(sizeOf('Clap the rhythm. '.repeat(12))).toBe('long');
  });
});
