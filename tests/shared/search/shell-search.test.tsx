import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ShellSearch } from '../../../src/shared/search/shell-search';
import { server } from '../../support/msw';

// The shell's search field: a plain search form until first used, then a WAI-ARIA combobox
// (suggestions as you type; Up/Down choose; Enter opens the chosen one or the results page;
// Escape closes the list before it clears the field); `/` and Ctrl+K reach it.

const hit = (title: string, href: string) => ({
  kind: 'activity',
  documentId: title,
  title,
  href,
  audience: null,
  place: [],
  time: null,
  activityType: null,
  snippet: [],
});

/** From now on the CMS answers every search with these hits (and records what was asked). */
function answering(...hits: ReturnType<typeof hit>[]) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/search', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('q') ?? '');
      return HttpResponse.json({
        total: hits.length,
        corrected: null,
        facets: { kind: {}, audience: {}, time: {} },
        results: hits,
      });
    }),
  );
  return asked;
}

function Where() {
  const location = useLocation();
  return <output aria-label="where">{location.pathname + location.search}</output>;
}

function renderShell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <p>Page text</p>
        <ShellSearch />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('the shell search field', () => {
  it('is a plain search form until used', () => {
    renderShell();
    expect(screen.getByRole('search')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('`/` focuses it and typing shows suggestions; Down and Enter open the chosen one', async () => {
    const asked = answering(
      hit('Samba Grooves', '/a/samba-grooves'),
      hit('Samba Band', '/a/samba-band'),
    );
    renderShell();
    const user = userEvent.setup();
    await user.keyboard('/');
    const combobox = await screen.findByRole('combobox', { name: 'Search' });
    await waitFor(() => expect(combobox).toHaveFocus());
    await user.keyboard('samba');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Samba Grooves activity',
      'Samba Band activity',
    ]);
    expect(asked.at(-1)).toBe('samba');
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('where')).toHaveTextContent('/a/samba-band');
  });

  it('Enter with no suggestion chosen opens the results page; Escape closes, then clears', async () => {
    answering(hit('Samba Grooves', '/a/samba-grooves'));
    renderShell();
    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    const combobox = await screen.findByRole('combobox', { name: 'Search' });
    await user.keyboard('call and response');
    await screen.findByRole('option');
    await user.keyboard('{Escape}');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(combobox).toHaveValue('call and response');
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('where')).toHaveTextContent('/search?q=call+and+response');
    await user.keyboard('{Escape}');
    expect(combobox).toHaveValue('');
  });

  it('keeps what is typed while its code loads, and never drops the focus to the page', async () => {
    answering(hit('Samba Grooves', '/a/samba-grooves'));
    renderShell();
    const lost: string[] = [];
    const onFocusOut = (event: FocusEvent) => {
      if (!event.relatedTarget) queueMicrotask(() => lost.push(document.activeElement!.tagName));
    };
    document.addEventListener('focusout', onFocusOut);
    const user = userEvent.setup();
    // Typed at once, while the combobox's code is still on its way.
    await user.click(screen.getByRole('searchbox', { name: 'Search' }));
    await user.keyboard('samba');
    const combobox = await screen.findByRole('combobox', { name: 'Search' });
    await waitFor(() => expect(combobox).toHaveFocus());
    expect(combobox).toHaveValue('samba');
    await screen.findByRole('option', { name: /Samba Grooves/ });
    expect(screen.getByText('1 suggestion', { exact: true })).toBeInTheDocument();
    document.removeEventListener('focusout', onFocusOut);
    expect(lost).toEqual([]);
  });

  it('Ctrl+K selects what the field holds, so typing starts a new search', async () => {
    answering();
    renderShell();
    const user = userEvent.setup();
    await user.keyboard('/');
    const combobox = await screen.findByRole('combobox', { name: 'Search' });
    await waitFor(() => expect(combobox).toHaveFocus());
    await user.keyboard('samba');
    expect(combobox).toHaveValue('samba');
    await user.click(screen.getByText('Page text'));
    expect(combobox).not.toHaveFocus();
    await user.keyboard('{Control>}k{/Control}pulse');
    expect(combobox).toHaveValue('pulse');
  });
});
