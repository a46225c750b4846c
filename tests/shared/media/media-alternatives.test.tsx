import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AudioPlayer } from '../../../src/shared/media/audio-player';
import { VideoEmbed } from '../../../src/shared/media/video-embed';

// WCAG 1.2.1 / 1.2.2: uploaded videos carry their caption files as tracks, and a song's words open
// under its player.

afterEach(cleanup);

const file = { url: '/uploads/demo_video.mp4', mime: 'video/mp4' };

describe('VideoEmbed captions', () => {
  it('gives an uploaded video one captions track per caption file, with its language and label', () => {
    const { container } = render(
      <VideoEmbed
        file={file}
        title="Hello Song actions"
        captions={[
          { language: 'en', label: 'English', file: { url: '/uploads/captions_en.vtt' } },
          { language: 'cy', label: null, file: { url: '/uploads/captions_cy.vtt' } },
          { language: 'fr', label: 'Français', file: null },
        ]}
      />,
    );
    const tracks = [...container.querySelectorAll('video track')].map((track) => ({
      kind: track.getAttribute('kind'),
      src: track.getAttribute('src'),
      srclang: track.getAttribute('srclang'),
      label: track.getAttribute('label'),
    }));
    expect(tracks).toEqual([
      { kind: 'captions', src: '/uploads/captions_en.vtt', srclang: 'en', label: 'English' },
      { kind: 'captions', src: '/uploads/captions_cy.vtt', srclang: 'cy', label: 'cy' },
    ]);
  });

  it('never gives a track a script address', () => {
    const { container } = render(
      <VideoEmbed
        file={file}
        title="x"
        captions={[{ language: 'en', label: 'English', file: { url: 'javascript:alert(1)' } }]}
      />,
    );
    expect(container.querySelectorAll('track')).toHaveLength(0);
  });
});

describe('AudioPlayer transcript', () => {
  it('opens the words of a song under its player, sanitized', async () => {
    render(
      <AudioPlayer
        src="/uploads/hello.wav"
        title="Full performance"
        transcript={'<p>Hello everyone, hello everyone,</p><img src=x onerror="window.hacked=1">'}
      />,
    );
    const summary = screen.getByText('Transcript');
    const details = summary.closest('details');
    expect(details).not.toBeNull();
    expect(details!.open).toBe(false);
    await userEvent.click(summary);
    expect(details!.open).toBe(true);
    expect(screen.getByText('Hello everyone, hello everyone,')).toBeVisible();
    expect(details!.querySelector('[onerror]')).toBeNull();
  });

  it('shows no disclosure when the recording has no transcript', () => {
    render(<AudioPlayer src="/uploads/hello.wav" title="Backing track" transcript={null} />);
    expect(screen.queryByText('Transcript')).toBeNull();
  });
});
