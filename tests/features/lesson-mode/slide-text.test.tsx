import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LONG_SLIDE_TEXT, SlideText } from '../../../src/features/lesson-mode/components/slide-text';

afterEach(cleanup);

const sizeOf = (markdown: string) => {
  const { container } = render(<SlideText html={markdown} />);
  return container.querySelector('.slide__text')?.classList.contains('slide__text--long') ? 'long' : 'normal';
};

describe('SlideText size', () => {
  it("counts what the class reads, not Markdown's marks or a link's address", () => {
    const address = `https://example.org/${'a'.repeat(LONG_SLIDE_TEXT)}`;
    expect(sizeOf(`**Listen** to [the story](${address}).`)).toBe('normal');
  });

  it('sets a long text smaller', () => {
    expect(sizeOf('Clap the rhythm. '.repeat(12))).toBe('long');
  });
});
