import { act, cleanup, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountMenu } from '../../../src/features/shell/components/account-menu';
import { useAuthStore } from '../../../src/lib/auth/auth-store';
import { useSessionRestore } from '../../../src/lib/auth/use-session-restore';
import { server } from '../../support/msw';

// Spec part 1, section 4: the logged-in state shows once the role-and-profile query has
// answered, so a stored session never greets the teacher by e-mail first, then by name.

let answerMe: (() => void) | null = null;
const ME = {
  data: {
    me: {
      id: '7',
      email: 'ada@demo.school',
      role: { description: 'Default role given to authenticated user.', type: 'authenticated' },
      user_profile: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        school: null,
        salutation: null,
        phone_number: null,
        role: null,
        address_1: null,
        address_2: null,
        postcode: null,
        user_updated: null,
      },
    },
  },
};

function HeaderWithRestore() {
  useSessionRestore();
  return <AccountMenu />;
}

beforeEach(() => {
  localStorage.clear();
  useAuthStore.getState().logout();
  // A stored session, as after a reload: token and user, no profile yet.
  useAuthStore.setState({
    user: { id: 7, email: 'ada@demo.school' },
    authToken: 'token',
    status: 'idle',
  });
  server.use(
    http.all(
      '*',
      () =>
        new Promise<Response>((resolve) => {
          answerMe = () => resolve(HttpResponse.json(ME));
        }),
    ),
  );
});

afterEach(() => {
  cleanup();
  answerMe = null;
});

describe('the account menu of a stored session', () => {
  it('never greets by e-mail while the profile is on its way, then greets by name', async () => {
    render(
      <MemoryRouter>
        <HeaderWithRestore />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Loading your account…'),
    );
    await vi.waitFor(() => expect(answerMe).not.toBeNull());
    await act(async () => answerMe?.());
    await vi.waitFor(() => expect(useAuthStore.getState().accountLoad).toBe('loaded'));
    expect(await screen.findByText('Welcome back, Ada Lovelace!')).toBeVisible();
    expect(screen.queryByText(/ada@demo\.school/)).toBeNull();
  });
});
