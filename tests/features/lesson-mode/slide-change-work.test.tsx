import { cleanup, render, renderHook, screen } from '@testing-library/react';
import DOMPurify from 'dompurify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SlideBody } from '../../../src/features/lesson-mode/components/slide-body';
import { usePreloadSlide } from '../../../src/features/lesson-mode/hooks/use-preload-slide';
import { slide } from './fixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/**
 * A slide change fits within one frame: turning a slide's Markdown into sanitized HTML is the
 * biggest piece of script a change runs (DOMPurify rebuilds its allow-lists on every call). A
 * slide's text is converted once, and the next slide's is converted while the class looks at the
 * current one, so the key press that shows it converts nothing.
 */
describe('the work a slide change does', () => {
  it("converts a slide's text once, however often the slide is shown", () => {
    const sanitize = vi.spyOn(DOMPurify, 'sanitize');
    // Texts as the CMS answers rich text (HTML).
    const shown = slide('once', {
      slide_text: '<p>Clap <strong>once</strong> for <em>every</em> beat. (slide once)</p>',
    });
    render(<SlideBody slide={shown} slidePath={null} />);
    cleanup();
    render(<SlideBody slide={shown} slidePath={null} />);
    expect(screen.getByText('once')).toBeInTheDocument();
    expect(sanitize).toHaveBeenCalledTimes(1);
  });

  it("converts the next slide's texts before the change to it, not during it", async () => {
    const next = slide('next', {
      slide_template: 'two_columns',
      slide_text: '<p>Now <strong>sing</strong> the answer. (slide next)</p>',
      left_column: {
        id: 'l',
        title: 'Left',
        text: '<p>Group <em>one</em> claps.</p>',
        videos: [],
        audio: [],
        images: [],
      },
      right_column: {
        id: 'r',
        title: 'Right',
        text: '<p>Group <em>two</em> stamps.</p>',
        videos: [],
        audio: [],
        images: [],
      },
    });
    const sanitize = vi.spyOn(DOMPurify, 'sanitize');
    const preload = renderHook(() => usePreloadSlide(next));
    // The conversion waits for an idle moment: its three texts.
    await vi.waitFor(() => expect(sanitize).toHaveBeenCalledTimes(3));
    preload.unmount();
    sanitize.mockClear();

    render(<SlideBody slide={next} slidePath={null} />);
    expect(screen.getByText('sing')).toBeInTheDocument();
    expect(screen.getByText('two')).toBeInTheDocument();
    expect(sanitize).not.toHaveBeenCalled();
  });
});
