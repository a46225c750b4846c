import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SlideBody } from '../../../src/features/lesson-mode/components/slide-body';
import {
  useSlideKeys,
  type SlideKeyActions,
} from '../../../src/features/lesson-mode/hooks/use-slide-keys';
import type { ActivitySlide, SlideVideo } from '../../../src/lib/lesson-content/slide-fields';
import { slide } from './fixtures';

afterEach(cleanup);

// WCAG 1.2.1 / 1.2.2: a slide's film has its words behind a 'Transcript' button in
// lesson mode, as it has on every other page.
// Rich text is Markdown: one paragraph per line of the film.
// As the CMS answers rich text (HTML).
const WORDS = '<p>Teacher: Watch me first, then copy.</p>\n<p>[Drum: four steady beats]</p>';
const video = (transcript: string | null): SlideVideo => ({
  id: '1',
  title: 'Drum pattern demonstration',
  film_setup: 'Single camera, classroom',
  embed: null,
  file: { url: '/uploads/demo_video.mp4', mime: 'video/mp4' },
  captions: [],
  transcript,
});
const videoSlide = (transcript: string | null) =>
  slide('7', {
    slide_template: 'video',
    title: 'Drum: watch and copy',
    videos: [video(transcript)],
  });

/** The slide as lesson mode shows it, with lesson mode's keys listening. */
function Stage({ data, actions }: { data: ActivitySlide; actions: SlideKeyActions }) {
  const stage = useRef<HTMLDivElement>(null);
  useSlideKeys(actions, stage);
  return (
    <div ref={stage} tabIndex={-1}>
      <SlideBody slide={data} slidePath={null} />
    </div>
  );
}

function spies(): SlideKeyActions {
  return {
    previous: vi.fn(),
    next: vi.fn(),
    first: vi.fn(),
    last: vi.fn(),
    toggleFullscreen: vi.fn(),
  };
}

describe("a slide video's transcript", () => {
  it("opens and closes from a 'Transcript' button on the video's caption line", async () => {
    const user = userEvent.setup();
    render(<Stage data={videoSlide(WORDS)} actions={spies()} />);
    const toggle = screen.getByRole('button', { name: 'Transcript: Drum pattern demonstration' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('[Drum: four steady beats]')).not.toBeVisible();

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const words = screen.getByRole('region', { name: 'Transcript: Drum pattern demonstration' });
    expect(words).toBeVisible();
    expect(words).toHaveTextContent('Teacher: Watch me first, then copy.');
    // The figure is still named by the film's title, not by its words.
    expect(
      screen.getByRole('figure', {
        name: /^Drum pattern demonstration\s?\(Single camera, classroom\)$/,
      }),
    ).toBeInTheDocument();

    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(words).not.toBeVisible();
  });

  it('leaves the slide keys to lesson mode while the button or the words have focus, and Escape closes the words', async () => {
    const user = userEvent.setup();
    const actions = spies();
    render(<Stage data={videoSlide(WORDS)} actions={actions} />);
    const toggle = screen.getByRole('button', { name: /^Transcript/ });
    await user.click(toggle);
    await user.keyboard('{ArrowRight}');
    expect(actions.next).toHaveBeenCalledTimes(1);

    await user.tab();
    const words = screen.getByRole('region', { name: /^Transcript/ });
    expect(words).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(actions.previous).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(words).not.toBeVisible();
    expect(toggle).toHaveFocus();
  });

  it('offers no button for a film without words', () => {
    render(<Stage data={videoSlide(null)} actions={spies()} />);
    expect(screen.getByText('Drum pattern demonstration')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Transcript/ })).not.toBeInTheDocument();
  });
});

// A song on a slide has its words too (WCAG 1.2.1): the slide's own recording.
describe("a slide recording's words", () => {
  const LYRICS = '<p>Hello everyone, hello everyone,</p>\n<p>Hello, hello, hello!</p>';
  const recording = {
    url: '/uploads/hello.mp3',
    caption: 'Hello Song',
    alternativeText: null,
    mime: 'audio/mpeg',
  } as unknown as ActivitySlide['audio'];

  it.each(['audio', 'audio_and_image', 'video_audio_instruments'] as const)(
    "sit behind 'Transcript' under the recording on a %s slide",
    async (template) => {
      const user = userEvent.setup();
      render(
        <Stage
          data={slide('8', {
            slide_template: template,
            title: 'Listen first',
            audio: recording,
            audio_transcript: LYRICS,
          })}
          actions={spies()}
        />,
      );
      const summary = screen.getByText('Transcript', { selector: 'summary' });
      expect(screen.getByText('Hello, hello, hello!')).not.toBeVisible();
      await user.click(summary);
      expect(screen.getByText('Hello, hello, hello!')).toBeVisible();
    },
  );

  it('offer nothing when the slide has no words for its recording', () => {
    render(
      <Stage
        data={slide('9', { slide_template: 'audio', title: 'Listen first', audio: recording })}
        actions={spies()}
      />,
    );
    expect(screen.queryByText('Transcript', { selector: 'summary' })).not.toBeInTheDocument();
  });
});
