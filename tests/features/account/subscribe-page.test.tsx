import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SubscribePage } from '../../../src/features/account/routes/subscribe-page';
import { useAuthStore } from '../../../src/lib/auth/auth-store';
import { server } from '../../support/msw';

// Signed out, a failed sign-up texts query still leaves the registration form, never the error
// panel for signed-in pages ('You need to be logged in…').

beforeEach(() => {
  localStorage.clear();
  useAuthStore.getState().logout();
  server.use(
    http.all('*', () =>
      HttpResponse.json({ errors: [{ message: 'Internal Server Error' }] }, { status: 500 }),
    ),
  );
});

afterEach(() => {
  cleanup();
});

describe('/subscribe for a visitor', () => {
  it('still shows the registration form, with a note, when the sign-up texts fail to load', async () => {
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <MemoryRouter>
          <SubscribePage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Start your free trial' })).toBeVisible();
    expect(
      screen.getByText(
        'Some of this page could not be loaded, but you can still create your free account below.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Already got an account?' })).toBeVisible();
    expect(screen.queryByText('You need to be logged in to access this content.')).toBeNull();
  });

  it('names the registration form by the page heading, apart from the sign-in beside it', async () => {
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <MemoryRouter>
          <SubscribePage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const form = await screen.findByRole('form', { name: 'Create a free account' });
    expect(form).toContainElement(screen.getByRole('button', { name: 'Start your free trial' }));
  });
});
