import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { CpdSessionData } from '../../../src/features/cpd/api/cpd-sessions';
import { CpdSessionPage } from '../../../src/features/cpd/routes/cpd-session-page';
import { DEVICE_SETTING_KEYS } from '../../../src/lib/device-setting-keys';

// A CPD session's film reads the Embed text like every other video: text that cannot
// play says so, and a video entry left empty is no film (not a "could not be shown" note).

afterEach(() => {
  cleanup();
  localStorage.removeItem(DEVICE_SETTING_KEYS.audioDescription);
});

const session = (video: CpdSessionData['video']): CpdSessionData => ({
  documentId: 'cpd-1',
  title: 'Singing games',
  slug: 'singing-games',
  main_text: null,
  video,
  documents: null,
});

function renderSession(video: CpdSessionData['video']) {
  // The page's query answered already: the test is about what the page shows for it.
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  client.setQueryData(['CpdSessions', { slug: 'singing-games' }], session(video));
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/cpd/session/singing-games']}>
        <Routes>
          <Route path="/cpd/session/:cpdSession" element={<CpdSessionPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const video = (embed: string | null): CpdSessionData['video'] => ({
  title: 'Circle song',
  embed,
  file: null,
  captions: null,
  transcript: null,
});

describe("a CPD session's film", () => {
  it('says "This video could not be shown" for Embed text that cannot play', async () => {
    renderSession(video('<iframe src="nowhere"></iframe>'));
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('This video could not be shown');
    expect(note).toHaveTextContent('Circle song');
  });

  it('plays a pasted /uploads path in the page’s own video player', async () => {
    const { container } = renderSession(video('/uploads/circle_song.mp4'));
    await screen.findByRole('heading', { name: 'Singing games' });
    expect(container.querySelector('video source')).toHaveAttribute(
      'src',
      '/uploads/circle_song.mp4',
    );
  });

  it('shows nothing for a video entry left empty', async () => {
    renderSession(video(' '));
    expect(await screen.findByRole('heading', { name: 'Singing games' })).toBeVisible();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByText('Circle song')).not.toBeInTheDocument();
  });
});

// WCAG 2.2, 1.2.5 Audio Description (Prerecorded): a session film with a descriptions track or an
// audio-described version has lesson mode's 'Audio description' switch (a toggle button), and
// the choice is the device's, the same one lesson mode keeps.
describe("a CPD session film's audio description", () => {
  const described = (extra: Partial<NonNullable<CpdSessionData['video']>> = {}) => ({
    ...video(null)!,
    file: { url: '/uploads/circle_song.mp4', mime: 'video/mp4' },
    descriptions: [{ file: { url: '/uploads/circle_song_descriptions.vtt' } }],
    ...extra,
  });

  it("offers 'Audio description', pressed by keyboard, with the film's descriptions track and a live region", async () => {
    const { container } = renderSession(described());
    const toggle = await screen.findByRole('button', { name: 'Audio description: Circle song' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(container.querySelector('video track[kind="descriptions"]')).toHaveAttribute(
      'src',
      '/uploads/circle_song_descriptions.vtt',
    );
    const region = container.querySelector('[aria-live="polite"]');
    expect(region).toBeInTheDocument();
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(DEVICE_SETTING_KEYS.audioDescription)).toBe('on');
    // The same live region, in the page from the start.
    expect(container.querySelector('[aria-live="polite"]')).toBe(region);
  });

  it('plays the audio-described version while it is on', async () => {
    localStorage.setItem(DEVICE_SETTING_KEYS.audioDescription, 'on');
    const { container } = renderSession(
      described({ descriptions: null, described_file: { url: '/uploads/circle_song_ad.mp4' } }),
    );
    const toggle = await screen.findByRole('button', { name: 'Audio description: Circle song' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(container.querySelector('video')).toHaveAttribute('src', '/uploads/circle_song_ad.mp4');
  });

  it('offers no switch for a film without descriptions', async () => {
    renderSession(video('/uploads/circle_song.mp4'));
    await screen.findByRole('heading', { name: 'Singing games' });
    expect(screen.queryByRole('button', { name: /Audio description/ })).not.toBeInTheDocument();
  });
});
