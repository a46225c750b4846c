import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { TrialPanel } from '../../../src/features/account/components/trial-panel';
import { ACTIVE_SUBSCRIBER, useAuthStore } from '../../../src/lib/auth/auth-store';
import { server } from '../../support/msw';

// A trial teacher's account page says what the trial includes, that a school subscription
// includes every teacher, how to join one (ask its manager to invite this address), says when an
// invitation waits for the address (never whose), and can send the e-mail with its link again; a
// subscriber does not see it.

const EMAIL = 'ada@school.test';
let asked: unknown[];
let invitationWaiting: boolean;
let confirmationAnswer: () => Response;

function signIn(role: string) {
  useAuthStore.setState({ user: { id: 7, email: EMAIL }, userRole: role });
}

beforeEach(() => {
  asked = [];
  invitationWaiting = false;
  confirmationAnswer = () => HttpResponse.json({ email: EMAIL, sent: true });
  server.use(
    http.get('*/api/member-account', () =>
      HttpResponse.json({
        isOwner: false,
        owner: null,
        members: [],
        invitations: [],
        invitationWaiting,
      }),
    ),
    http.post('*/api/auth/send-email-confirmation', async ({ request }) => {
      asked.push(await request.json());
      return confirmationAnswer();
    }),
  );
});

afterEach(() => {
  cleanup();
  useAuthStore.getState().logout();
});

const renderPanel = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <TrialPanel />
    </QueryClientProvider>,
  );

it('tells a trial teacher what the trial includes and how to join their school, and sends the e-mail again', async () => {
  signIn('authenticated');
  renderPanel();
  const panel = screen.getByRole('region', { name: 'Your free trial' });
  expect(panel).toHaveTextContent('A school subscription includes every teacher at the school.');
  expect(panel).toHaveTextContent(`ask the teacher who manages it to invite ${EMAIL}`);
  expect(panel).toHaveTextContent('The invitation e-mail has a link: follow it to join.');
  expect(panel).toHaveTextContent('Units of work, their lessons and your own units');
  const status = screen.getByRole('status');
  expect(status).toBeEmptyDOMElement();

  await userEvent.click(screen.getByRole('button', { name: 'Send the e-mail again' }));
  expect(await screen.findByText(/^Sent to ada@school\.test\./)).toBe(status);
  expect(asked).toEqual([{ email: EMAIL }]);
});

it('says that an invitation waits for the address, without naming the school', async () => {
  invitationWaiting = true;
  signIn('authenticated');
  renderPanel();
  const panel = screen.getByRole('region', { name: 'Your free trial' });
  await vi.waitFor(() =>
    expect(panel).toHaveTextContent(
      `An invitation to a school subscription is waiting for ${EMAIL}. Follow the link in the invitation e-mail to join.`,
    ),
  );
  expect(panel).not.toHaveTextContent('ask the teacher who manages it');
});

it('says plainly when the e-mail could not be sent', async () => {
  confirmationAnswer = () => HttpResponse.error();
  signIn('authenticated');
  renderPanel();
  await userEvent.click(screen.getByRole('button', { name: 'Send the e-mail again' }));
  const status = screen.getByRole('status');
  await vi.waitFor(() => expect(status).not.toBeEmptyDOMElement());
  expect(status.textContent).not.toMatch(/TypeError|Failed to fetch|\{/);
});

it('is not shown to a subscriber', () => {
  signIn(ACTIVE_SUBSCRIBER);
  renderPanel();
  expect(screen.queryByRole('region', { name: 'Your free trial' })).toBeNull();
});
