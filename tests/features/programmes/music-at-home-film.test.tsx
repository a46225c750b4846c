import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MusicAtHomePanel } from '../../../src/features/programmes/components/music-at-home-panel';

// WCAG 1.2.1 / 1.2.2: the programme's introduction film (shown with Music at Home)
// carries its caption files as tracks and its words behind a 'Transcript' disclosure.

afterEach(cleanup);

const panel = (mediaEmbed: string) => (
  <MusicAtHomePanel
    audience="primary"
    programme="sound-explorers"
    libraryNumericId={1}
    userId={7}
    introduction={null}
    mediaIntroduction={null}
    mediaEmbed={mediaEmbed}
    mediaCaptions={[
      { language: 'en', label: 'English', file: { url: '/uploads/demo_video_captions_en.vtt' } },
    ]}
    mediaTranscript="Teacher: Now your turn!"
  />
);

describe("the programme's introduction film", () => {
  it('plays an uploaded film with its English captions track', () => {
    const { container } = render(
      panel(JSON.stringify({ url: '/uploads/demo_video.mp4', provider: 'upload' })),
    );
    const track = container.querySelector('video track');
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', '/uploads/demo_video_captions_en.vtt');
    expect(track).toHaveAttribute('srclang', 'en');
    expect(track).toHaveAttribute('label', 'English');
  });

  it('shows a poster (a still of the film) until it plays, not a black box', () => {
    const { container } = render(
      <MusicAtHomePanel
        audience="primary"
        programme="sound-explorers"
        libraryNumericId={1}
        userId={7}
        introduction={null}
        mediaIntroduction={null}
        mediaEmbed={JSON.stringify({ url: '/uploads/demo_video.mp4', provider: 'upload' })}
        mediaCaptions={null}
        mediaTranscript={null}
        mediaPoster="/uploads/music_at_home_poster.png"
      />,
    );
    expect(container.querySelector('video')).toHaveAttribute(
      'poster',
      '/uploads/music_at_home_poster.png',
    );
  });

  it("opens the film's words from a 'Transcript' disclosure", async () => {
    const user = userEvent.setup();
    render(panel(JSON.stringify({ url: '/uploads/demo_video.mp4', provider: 'upload' })));
    expect(screen.getByText('Teacher: Now your turn!')).not.toBeVisible();
    await user.click(screen.getByText('Transcript'));
    expect(screen.getByText('Teacher: Now your turn!')).toBeVisible();
  });
});

// Embed text that cannot play says so, like every other CMS video.
describe('the Music at Home film from what an editor pasted', () => {
  it('says "This video could not be shown" for Embed text that cannot play', () => {
    render(panel('see the film on the shared drive'));
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('This video could not be shown');
    expect(note).toHaveTextContent('Music at Home');
  });

  it('shows no film, note or transcript when the Embed is empty', () => {
    render(panel(''));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByText('Transcript')).not.toBeInTheDocument();
  });
});
