import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchPage } from '../../../src/features/search/routes/search-page';
import { server } from '../../support/msw';

// The results page's own field searches again without losing the focus, and its filters name
// each type as the page's groups do.

function Where() {
  const location = useLocation();
  return <output aria-label="where">{location.pathname + location.search}</output>;
}

afterEach(cleanup);

describe('the search results page', () => {
  it('searches again from its own field with the focus kept in it; the type filter names the groups', async () => {
    server.use(
      http.get('*/api/search', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        return HttpResponse.json({
          total: 1,
          corrected: null,
          facets: { kind: { activity: 1, 'custom unit': 1 }, audience: {}, time: {} },
          results: [
            {
              kind: 'activity',
              documentId: q,
              title: `About ${q}`,
              href: `/a/${q}`,
              audience: null,
              place: [],
              time: null,
              activityType: null,
              snippet: [],
            },
          ],
        });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/search?q=samba']}>
          <Routes>
            <Route
              path="*"
              element={
                <>
                  <SearchPage />
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole('link', { name: 'About samba' });
    expect(screen.getByRole('option', { name: 'Your units (1)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Activities (1)' })).toBeInTheDocument();

    const field = screen.getByRole('searchbox', { name: 'Search for' });
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, 'pulse{Enter}');
    await screen.findByRole('link', { name: 'About pulse' });
    expect(screen.getByLabelText('where')).toHaveTextContent('/search?q=pulse');
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search for' })).toHaveFocus(),
    );
    expect(field).toHaveFocus();
  });
});
