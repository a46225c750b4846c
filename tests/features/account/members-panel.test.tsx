import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MembersPanel } from '../../../src/features/account/components/members-panel';
import { useAuthStore } from '../../../src/lib/auth/auth-store';
import { server } from '../../support/msw';

// Removing a member asks first; a bad invitation's message is shown once; a sent one is said
// in the panel's live region.

let posted: { path: string; body: unknown }[] = [];
let inviteAnswer: Response | null = null;

beforeEach(() => {
  posted = [];
  inviteAnswer = null;
  useAuthStore.setState({ user: { id: 7, email: 'owner@demo.school' }, authToken: 'token' });
  server.use(
    http.all('*/api/member-account', () =>
      HttpResponse.json({
        isOwner: true,
        owner: null,
        members: [{ email: 'colleague@demo.school', name: 'Ada' }],
        invitations: [],
      }),
    ),
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      posted.push({ path: url.pathname + url.search, body: await request.json() });
      return inviteAnswer ?? HttpResponse.json({ ok: true });
    }),
  );
});

afterEach(() => {
  cleanup();
});

const renderPanel = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MembersPanel />
    </QueryClientProvider>,
  );

describe('the members panel', () => {
  it('asks before removing a member, and Keep leaves them', async () => {
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Remove member/ }));
    // The question replaces the button pressed: focus goes to its answer, which it describes
    // (WCAG 2.4.3), and 'Keep' gives focus back to 'Remove member'.
    const yes = screen.getByRole('button', { name: 'Yes, remove' });
    await vi.waitFor(() => expect(yes).toHaveFocus());
    expect(yes).toHaveAccessibleDescription('Remove colleague@demo.school from your subscription?');
    expect(posted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: /^Remove member/ })).toHaveFocus(),
    );
    expect(posted).toEqual([]);
    await user.click(screen.getByRole('button', { name: /^Remove member/ }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    await vi.waitFor(() =>
      expect(posted).toEqual([
        {
          path: '/api/member-account/remove-member',
          body: { member_email: 'colleague@demo.school' },
        },
      ]),
    );
  });

  it("shows a bad invitation's message once, by the field", async () => {
    const message = 'Please enter a valid email address';
    inviteAnswer = Response.json(
      {
        data: null,
        error: {
          status: 400,
          name: 'ValidationError',
          message,
          details: { errors: [{ path: ['invitee'], message }] },
        },
      },
      { status: 400 },
    );
    renderPanel();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Invite a colleague by e-mail/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: /Invite|Send/ }));
    await screen.findAllByText(message);
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('says the invitation was sent, in the live region that was already in the page', async () => {
    renderPanel();
    const user = userEvent.setup();
    const field = await screen.findByLabelText(/Invite a colleague by e-mail/);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    await user.type(field, 'new.colleague@demo.school');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await vi.waitFor(() =>
      expect(status).toHaveTextContent(
        'Invitation sent to new.colleague@demo.school. They join when they follow its link.',
      ),
    );
    expect(posted).toEqual([
      { path: '/api/member-account/invitation', body: { invitee: 'new.colleague@demo.school' } },
    ]);
    expect(field).toHaveValue('');
  });
});
