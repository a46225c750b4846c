import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAccessStore } from '../../../lib/auth/access-store';
import { ACTIVE_SUBSCRIBER, selectIsLoggedIn, useAuthStore } from '../../../lib/auth/auth-store';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { confirmEmail, readConfirmationCode } from '../api/confirm-email';

/** Where a teacher who joined a school subscription goes: the home page greets them for it. */
const JOINED_PATH = '/welcome/new_invitation';

/**
 * What the page says. Whose address was confirmed comes from the CMS (the link's own account),
 * never from whoever is signed in on this device: a link opened on a colleague's or a shared
 * device greets nobody but its owner.
 */
type Outcome =
  | { kind: 'working' }
  | { kind: 'joined'; email: string }
  | { kind: 'confirmed'; email: string | null }
  | { kind: 'used' }
  | { kind: 'used-member' }
  | { kind: 'no-code' }
  | { kind: 'damaged' }
  | { kind: 'unreachable' };

const USED =
  "This confirmation link has already been used or has expired. If you confirmed your address, log in; if not, ask your school's subscription owner to invite you again.";

function say(outcome: Outcome, signedInAs: string | null): string {
  const mine = (email: string | null) => email !== null && email === signedInAs;
  switch (outcome.kind) {
    case 'working':
      return 'Confirming your e-mail address…';
    case 'joined':
      return signedInAs === null
        ? `${outcome.email} is confirmed and has joined the school subscription. Log in as ${outcome.email} to carry on.`
        : `${outcome.email} is confirmed and has joined the school subscription. You are logged in as ${signedInAs}: log out, then log in as ${outcome.email} to use it.`;
    case 'confirmed':
      if (mine(outcome.email))
        return 'Your e-mail address is confirmed. To use a school subscription, ask the teacher who manages it to invite this address; you join when you follow the link in the invitation e-mail.';
      if (outcome.email === null || signedInAs === null)
        return 'Your e-mail address is confirmed. Log in to carry on.';
      return `${outcome.email} is confirmed. You are logged in as ${signedInAs}, a different account.`;
    case 'used':
      return USED;
    case 'used-member':
      return 'This confirmation link has already been used, and your account has a school subscription: there is nothing more to do.';
    case 'no-code':
      return 'This confirmation link is incomplete: it has no code. Please open the link from your e-mail again, copying the whole address if it is split over two lines.';
    case 'damaged':
      return 'This confirmation link is incomplete or damaged. Please open the link from your e-mail again, copying the whole address if it is split over two lines.';
    case 'unreachable':
      return 'Your e-mail address could not be confirmed just now: the Music Classroom service could not be reached. Please check your connection and try again.';
  }
}

/** The outcome the page starts with, from its address alone. */
function firstOutcome(code: ReturnType<typeof readConfirmationCode>, confirmedByCms: boolean) {
  if (code.kind === 'code') return { kind: 'working' } as const;
  // The CMS's own route sends a confirmed address here when it joined no subscription.
  if (confirmedByCms) return { kind: 'confirmed', email: null } as const;
  return { kind: code.kind === 'missing' ? 'no-code' : 'damaged' } as const;
}

/**
 * /account/confirm?confirmation=… : the link in an invitation or 'Confirm your e-mail address'
 * e-mail. The code is sent once per visit (a second send would report a used link); the answer
 * is told in words.
 */
export function ConfirmEmailPage() {
  useDocumentTitle('Confirm your e-mail address');
  const [search] = useSearchParams();
  const code = readConfirmationCode(search.get('confirmation'));
  const navigate = useNavigate();
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const signedInAs = useAuthStore((state) => state.user?.email ?? null);
  const openLoginPanel = useAccessStore((state) => state.openLoginPanel);
  const [outcome, setOutcome] = useState<Outcome>(() =>
    firstOutcome(code, search.get('confirmed') === '1'),
  );
  const [attempt, setAttempt] = useState(0);
  const sent = useRef<string | null>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const codeValue = code.kind === 'code' ? code.value : null;

  useEffect(() => {
    const key = `${codeValue}#${attempt}`;
    if (!codeValue || sent.current === key) return;
    sent.current = key;
    void (async () => {
      const answer = await confirmEmail(codeValue);
      setOutcome(
        answer.kind === 'confirmed'
          ? answer.joined
            ? { kind: 'joined', email: answer.email }
            : { kind: 'confirmed', email: answer.email }
          : { kind: answer.kind },
      );
    })();
  }, [codeValue, attempt]);

  // The owner of the link who is signed in here, and joined: their role is read again, then the
  // home page greets them. A used link opened by a signed-in teacher (a mail scanner may have
  // opened it first) says so plainly when their account has a subscription already.
  const joinedHere = outcome.kind === 'joined' && outcome.email === signedInAs;
  const usedHere = outcome.kind === 'used' && loggedIn;
  useEffect(() => {
    if (!joinedHere && !usedHere) return;
    let live = true;
    void (async () => {
      await useAuthStore
        .getState()
        .loadRoleAndProfile()
        .catch(() => undefined);
      if (!live) return;
      const member = useAuthStore.getState().userRole === ACTIVE_SUBSCRIBER;
      if (joinedHere && member) void navigate(JOINED_PATH, { replace: true });
      else if (usedHere && member) setOutcome({ kind: 'used-member' });
    })();
    return () => {
      live = false;
    };
  }, [joinedHere, usedHere, navigate]);

  // The answer arrives without a page change: focus goes to it, not back to the document.
  useEffect(() => {
    if (outcome.kind !== 'working') message.current?.focus();
  }, [outcome]);

  function retry() {
    setOutcome({ kind: 'working' });
    setAttempt((value) => value + 1);
  }

  const offerLogin =
    !loggedIn && ['joined', 'confirmed', 'used', 'used-member'].includes(outcome.kind);
  const shown = joinedHere ? say({ kind: 'working' }, signedInAs) : say(outcome, signedInAs);

  return (
    <section className="narrow">
      <h1>Confirm your e-mail address</h1>
      <div role="status">
        <p
          ref={message}
          tabIndex={-1}
          className={
            outcome.kind === 'used' || outcome.kind === 'damaged' ? 'form-error' : undefined
          }
        >
          {shown}
        </p>
      </div>
      {offerLogin && (
        <div className="form-actions">
          <button type="button" className="button" onClick={() => openLoginPanel()}>
            Log In
          </button>
        </div>
      )}
      {outcome.kind === 'unreachable' && (
        <div className="form-actions">
          <button type="button" className="button" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {loggedIn && !joinedHere && outcome.kind !== 'working' && outcome.kind !== 'unreachable' && (
        <Link to="/">Go to the home page</Link>
      )}
      {!loggedIn && (outcome.kind === 'no-code' || outcome.kind === 'damaged') && (
        <Link to="/">Go to the home page</Link>
      )}
    </section>
  );
}
