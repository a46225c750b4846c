import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfirmEmailPage } from '../../../src/features/account/routes/confirm-email-page';
import { useAccessStore } from '../../../src/lib/auth/access-store';
import { useAuthStore } from '../../../src/lib/auth/auth-store';
import { writeSession } from '../../../src/lib/session/session-storage';
import { answerGraphql, server } from '../../support/msw';

// The confirmation e-mail's link opens /account/confirm?confirmation=…, which confirms the code
// once through the CMS's route and says, in words, what happened: never the CMS's JSON. Whose
// address it was comes from the CMS, so only the link's owner is greeted.

const USED =
  "This confirmation link has already been used or has expired. If you confirmed your address, log in; if not, ask your school's subscription owner to invite you again.";
const CONFIRMED = 'Your e-mail address is confirmed. Log in to carry on.';
const CONFIRMED_HERE =
  'Your e-mail address is confirmed. To use a school subscription, ask the teacher who manages it to invite this address; you join when you follow the link in the invitation e-mail.';
const DAMAGED =
  'This confirmation link is incomplete or damaged. Please open the link from your e-mail again, copying the whole address if it is split over two lines.';
/** A code as the CMS makes them: 40 hexadecimal characters. */
const CODE = '0123456789abcdef0123456789abcdef01234567';

/** The account as the CMS answers it after confirming, with the role confirming left it with. */
const membership = (role: string) => ({
  UserRoleMembership: {
    me: {
      id: '7',
      email: 'ada@school.test',
      role: { type: role, description: role },
      user_profile: {
        salutation: null,
        first_name: 'Ada',
        last_name: 'Teacher',
        phone_number: null,
        school: null,
        role: null,
        address_1: null,
        address_2: null,
        postcode: null,
        user_updated: true,
      },
    },
  },
});

function signInTrialTeacher() {
  writeSession({ user: { id: 7, email: 'ada@school.test' }, token: 'jwt', role: 'authenticated' });
  useAuthStore.setState({
    user: { id: 7, email: 'ada@school.test' },
    authToken: 'jwt',
    userRole: 'authenticated',
  });
}

type Answer = () => Response | Promise<Response>;
let confirmationAnswer: Answer;
let confirmationCalls: string[];

/** The CMS's answer to a good code the app asks about: whose address, and whether it joined. */
const confirmed =
  (joined: boolean, email = 'ada@school.test') =>
  () =>
    Response.json({ confirmed: true, email, joined });
const redirect = confirmed(true);
const invalidToken = () =>
  Response.json(
    {
      data: null,
      error: { status: 400, name: 'ValidationError', message: 'Invalid token', details: {} },
    },
    { status: 400 },
  );

beforeEach(() => {
  localStorage.clear();
  useAuthStore.getState().logout();
  useAccessStore.setState({ loginPanelOpen: false, targetPath: null });
  confirmationCalls = [];
  confirmationAnswer = redirect;
  // Any other request fails the test (the shared server answers nothing else).
  server.use(
    http.all('*/api/auth/email-confirmation', ({ request }) => {
      expect(request.redirect).toBe('manual');
      expect(request.headers.get('accept')).toBe('application/json');
      confirmationCalls.push(new URL(request.url).searchParams.get('confirmation') ?? '');
      return confirmationAnswer();
    }),
  );
  // The role read again after confirming: the school's seat is now the teacher's.
  answerGraphql(membership('active_subscriber'));
});

afterEach(() => {
  cleanup();
});

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/account/confirm" element={<ConfirmEmailPage />} />
        <Route path="/welcome/:welcome" element={<p>Home page greeting</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('/account/confirm', () => {
  it('says "Confirming…" in a live region, then confirms a signed-out teacher and offers to log in', async () => {
    let answer!: (response: Response) => void;
    confirmationAnswer = () => new Promise<Response>((resolve) => (answer = resolve));
    renderAt(`/account/confirm?confirmation=${CODE}`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Confirm your e-mail address',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your e-mail address…');
    await waitFor(() => expect(confirmationCalls).toEqual([CODE]));
    answer(redirect());

    const joined =
      'ada@school.test is confirmed and has joined the school subscription. Log in as ada@school.test to carry on.';
    await waitFor(() => expect(screen.getByText(joined)).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(joined);
    screen.getByRole('button', { name: 'Log In' }).click();
    // No target: once signed in, this page reads the role and decides where to go.
    expect(useAccessStore.getState()).toMatchObject({ loginPanelOpen: true, targetPath: null });
    expect(confirmationCalls).toHaveLength(1);
  });

  it("reads a signed-in teacher's role again, then greets them on the home page", async () => {
    signInTrialTeacher();
    renderAt(`/account/confirm?confirmation=${CODE}`);
    expect(await screen.findByText('Home page greeting')).toBeVisible();
    expect(useAuthStore.getState().userRole).toBe('active_subscriber');
    expect(confirmationCalls).toEqual([CODE]);
  });

  it('tells a signed-in teacher whom confirming made no subscriber that the address is confirmed, never that they joined', async () => {
    confirmationAnswer = confirmed(false);
    signInTrialTeacher();
    renderAt(`/account/confirm?confirmation=${CODE}`);
    expect(await screen.findByText(CONFIRMED_HERE)).toBeVisible();
    expect(screen.queryByText('Home page greeting')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  });

  it('says a used, expired or unknown link in words, never the JSON', async () => {
    confirmationAnswer = invalidToken;
    renderAt(`/account/confirm?confirmation=${CODE}`);
    await waitFor(() => expect(screen.getByText(USED)).toHaveFocus());
    expect(document.body).not.toHaveTextContent('Invalid token');
    expect(document.body).not.toHaveTextContent('{');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeVisible();
  });

  it('says a link without a code is incomplete, and asks the CMS nothing', async () => {
    renderAt('/account/confirm');
    expect(screen.getByRole('status')).toHaveTextContent(
      'This confirmation link is incomplete: it has no code.',
    );
    await waitFor(() => expect(screen.getByText(/incomplete/)).toHaveFocus());
    expect(confirmationCalls).toEqual([]);
  });

  it('says when the service cannot be reached, and tries again on request', async () => {
    confirmationAnswer = () => HttpResponse.error();
    renderAt(`/account/confirm?confirmation=${CODE}`);
    const problem = await screen.findByText(/could not be reached/);
    // Focus moves to the message in the effect after the render that shows it.
    await waitFor(() => expect(problem).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Log In' })).toBeNull();

    confirmationAnswer = confirmed(false);
    screen.getByRole('button', { name: 'Try again' }).click();
    await waitFor(() => expect(screen.getByText(CONFIRMED)).toHaveFocus());
    expect(confirmationCalls).toEqual([CODE, CODE]);
  });

  it("greets nobody but the link's owner: a teacher signed in as someone else is told whose address joined", async () => {
    confirmationAnswer = confirmed(true, 'new.colleague@school.test');
    signInTrialTeacher();
    renderAt(`/account/confirm?confirmation=${CODE}`);
    expect(
      await screen.findByText(
        'new.colleague@school.test is confirmed and has joined the school subscription. You are logged in as ada@school.test: log out, then log in as new.colleague@school.test to use it.',
      ),
    ).toHaveFocus();
    expect(screen.queryByText('Home page greeting')).toBeNull();
    expect(useAuthStore.getState().userRole).toBe('authenticated');
  });

  it('mends a link a mail program changed, and names a damaged one without asking the CMS', async () => {
    renderAt(`/account/confirm?confirmation=${CODE.toUpperCase()}.%3E`);
    expect(await screen.findByText(/has joined the school subscription/)).toBeVisible();
    expect(confirmationCalls).toEqual([CODE]);
    cleanup();

    for (const damaged of [CODE.slice(0, 39), `${CODE}0`, 'x'.repeat(20_000), '<script>']) {
      renderAt(`/account/confirm?confirmation=${encodeURIComponent(damaged)}`);
      expect(screen.getByRole('status')).toHaveTextContent(DAMAGED);
      cleanup();
    }
    expect(confirmationCalls).toEqual([CODE]);
  });

  it('tells a signed-in member whose link was used already (a mail scanner opened it first) there is nothing more to do', async () => {
    confirmationAnswer = invalidToken;
    signInTrialTeacher();
    renderAt(`/account/confirm?confirmation=${CODE}`);
    expect(
      await screen.findByText(
        'This confirmation link has already been used, and your account has a school subscription: there is nothing more to do.',
      ),
    ).toHaveFocus();
  });

  it('says the address is confirmed when the CMS sent the teacher here, without asking again', async () => {
    renderAt('/account/confirm?confirmed=1');
    expect(screen.getByRole('status')).toHaveTextContent(CONFIRMED);
    expect(confirmationCalls).toEqual([]);
  });
});
