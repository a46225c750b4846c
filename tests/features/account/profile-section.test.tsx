import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfileSection } from '../../../src/features/account/components/profile-section';
import { useAuthStore } from '../../../src/lib/auth/auth-store';
import { useSessionRestore } from '../../../src/lib/auth/use-session-restore';
import { server } from '../../support/msw';

// 'Edit account details' waits for the profile instead of opening an empty form, and the CMS's
// role description ('Default role given to authenticated user.') is never shown as a role name.

let answerMe: (() => void) | null = null;
const me = (type: string) => ({
  data: {
    me: {
      id: '7',
      email: 'ada@demo.school',
      role: { description: 'Default role given to authenticated user.', type },
      user_profile: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        school: 'Hillside Primary',
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
});
let roleType = 'authenticated';

function AccountPage() {
  useSessionRestore();
  return <ProfileSection />;
}

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AccountPage />
    </QueryClientProvider>,
  );

beforeEach(() => {
  localStorage.clear();
  useAuthStore.getState().logout();
  useAuthStore.setState({
    user: { id: 7, email: 'ada@demo.school' },
    authToken: 'token',
    status: 'idle',
  });
  roleType = 'authenticated';
  server.use(
    http.all(
      '*',
      () =>
        new Promise<Response>((resolve) => {
          answerMe = () => resolve(HttpResponse.json(me(roleType)));
        }),
    ),
  );
});

afterEach(() => {
  cleanup();
  answerMe = null;
});

async function answer() {
  await vi.waitFor(() => expect(answerMe).not.toBeNull());
  await act(async () => answerMe?.());
}

describe('the signed-in account details', () => {
  it('offers editing only once the profile has arrived, and the form starts from it', async () => {
    renderPage();
    expect(screen.queryByRole('button', { name: 'Edit account details' })).toBeNull();
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Loading your account details…'),
    );
    await answer();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Edit account details' }));
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Ada');
    expect(screen.getByLabelText(/^School/)).toHaveValue('Hillside Primary');
  });

  it("never shows the CMS's role description, and names the subscriber role plainly", async () => {
    renderPage();
    await answer();
    await screen.findByRole('button', { name: 'Edit account details' });
    expect(screen.queryByText('Default role given to authenticated user.')).toBeNull();
    expect(screen.queryByText('Membership')).toBeNull();

    cleanup();
    useAuthStore.setState({ accountLoad: 'pending', userProfile: null, membership: null });
    roleType = 'active_subscriber';
    answerMe = null;
    renderPage();
    await answer();
    expect(await screen.findByText('Active subscriber')).toBeVisible();
    expect(screen.queryByText('Default role given to authenticated user.')).toBeNull();
  });
});

describe('editing the account details by keyboard (WCAG 2.4.3, 4.1.3, 3.3.2)', () => {
  const saved = {
    first_name: 'Ada',
    last_name: 'Byron',
    school: 'Hillside Primary',
    salutation: null,
    phone_number: null,
    role: null,
    address_1: null,
    address_2: null,
    postcode: null,
    user_updated: '2026-01-01',
  };

  async function openEditor() {
    renderPage();
    await answer();
    const edit = await screen.findByRole('button', { name: 'Edit account details' });
    edit.focus();
    await userEvent.setup().keyboard('{Enter}');
  }

  it('opens on its first field, and Cancel returns focus to Edit account details', async () => {
    await openEditor();
    expect(screen.getByLabelText(/^Title/)).toHaveFocus();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit account details' })).toHaveFocus();
  });

  it('explains the * mark in a note the form names as its description', async () => {
    await openEditor();
    const form = screen.getByLabelText(/^First name/).closest('form')!;
    expect(form).toHaveAccessibleDescription('Fields marked * are required.');
  });

  it('puts focus on an empty first name, which its message describes', async () => {
    await openEditor();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/^First name/));
    screen.getByRole('button', { name: 'Save details' }).focus();
    await user.keyboard('{Enter}');
    const field = screen.getByLabelText(/^First name/);
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription('Enter your first name');
  });

  it('says a save in a status region that was already in the page, and focus goes to Edit again', async () => {
    await openEditor();
    const status = screen
      .getAllByRole('status')
      .find((region) => region.textContent === '' && region.tagName === 'DIV');
    expect(status).toBeDefined();
    server.use(
      http.post('*', async ({ request }) => {
        const body = (await request.clone().json()) as { query?: string };
        if (!body.query?.includes('UpdateUserProfile')) return undefined;
        return HttpResponse.json({ data: { updateUserProfile: saved } });
      }),
    );
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/^Last name/));
    await user.type(screen.getByLabelText(/^Last name/), 'Byron');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    const again = await screen.findByRole('button', { name: 'Edit again' });
    // The same element, now holding the text: the change is what a screen reader announces.
    expect(status).toBeInTheDocument();
    expect(status).toHaveTextContent('Your details have been saved.');
    expect(again).toHaveFocus();
  });
});
