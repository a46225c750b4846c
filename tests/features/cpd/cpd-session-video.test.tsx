import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { CpdSessionData } from '../../../src/features/cpd/api/cpd-sessions';
import { CpdSessionPage } from '../../../src/features/cpd/routes/cpd-session-page';

// A CPD session's film reads the Embed text like every other video: text that cannot
// play says so, and a video entry left empty is no film (not a "could not be shown" note).

afterEach(cleanup);

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
