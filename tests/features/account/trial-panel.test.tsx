import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { TrialPanel } from '../../../src/features/account/components/trial-panel';
import { ACTIVE_SUBSCRIBER, useAuthStore } from '../../../src/lib/auth/auth-store';

// A trial teacher's account page says what the trial includes, that a school subscription
// includes every teacher, how to join one (ask its manager to invite this address), and can send
// the confirmation e-mail again; a subscriber does not see it.

const EMAIL = 'ada@school.test';
let asked: unknown[];

function signIn(role: string) {
  useAuthStore.setState({ user: { id: 7, email: EMAIL }, userRole: role });
}

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      expect(String(input)).toBe('/api/auth/send-email-confirmation');
      asked.push(JSON.parse(String(init?.body)));
      return Response.json({ email: EMAIL, sent: true });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuthStore.getState().logout();
});

it('tells a trial teacher what the trial includes and how to join their school, and sends the e-mail again', async () => {
  signIn('authenticated');
  render(<TrialPanel />);
  const panel = screen.getByRole('region', { name: 'Your free trial' });
  expect(panel).toHaveTextContent('A school subscription includes every teacher at the school.');
  expect(panel).toHaveTextContent(`ask the teacher who manages it to invite ${EMAIL}`);
  expect(panel).toHaveTextContent('Units of work, their lessons and your own units');
  const status = screen.getByRole('status');
  expect(status).toBeEmptyDOMElement();

  await userEvent.click(screen.getByRole('button', { name: 'Send the e-mail again' }));
  expect(await screen.findByText(/^Sent to ada@school\.test\./)).toBe(status);
  expect(asked).toEqual([{ email: EMAIL }]);
});

it('says plainly when the e-mail could not be sent', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  signIn('authenticated');
  render(<TrialPanel />);
  await userEvent.click(screen.getByRole('button', { name: 'Send the e-mail again' }));
  const status = screen.getByRole('status');
  await vi.waitFor(() => expect(status).not.toBeEmptyDOMElement());
  expect(status.textContent).not.toMatch(/TypeError|Failed to fetch|\{/);
});

it('is not shown to a subscriber', () => {
  signIn(ACTIVE_SUBSCRIBER);
  render(<TrialPanel />);
  expect(screen.queryByRole('region', { name: 'Your free trial' })).toBeNull();
});
