import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { LearningResourcesHome } from '../../../src/features/home/api/learning-resources-home';
import { HomePage } from '../../../src/features/home/routes/home-page';

// The home page's film reads the editor's Embed text like every other video, so text
// that cannot play says "This video could not be shown" instead of leaving no trace.

afterEach(cleanup);

const home = (media_embed: string | null): LearningResourcesHome => ({
  title: 'Learning resources',
  subtitle: null,
  introduction: null,
  media_introduction: null,
  media_embed,
  media_captions: null,
  media_transcript: null,
  welcome_messages: null,
  audiences: [],
  promoboxes: [],
});

function renderHome(media_embed: string | null) {
  // The page's query answered already: the test is about what the page shows for it.
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  client.setQueryData(['learningResourcesHome'], home(media_embed));
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the home page's introduction film", () => {
  it('says "This video could not be shown" for Embed text that cannot play', async () => {
    renderHome('the welcome film from the summer concert');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('This video could not be shown');
    expect(note).toHaveTextContent('Learning resources: introduction');
  });

  it('plays a pasted Vimeo link', async () => {
    renderHome('https://vimeo.com/76979871');
    expect(await screen.findByTitle('Learning resources: introduction')).toHaveAttribute(
      'src',
      'https://player.vimeo.com/video/76979871',
    );
  });

  it('shows no film and no note when the Embed is empty', async () => {
    renderHome(null);
    expect(await screen.findByRole('heading', { name: 'Learning resources' })).toBeVisible();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByText('Introduction video')).not.toBeInTheDocument();
  });
});
