import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAccessStore } from '../../../lib/auth/access-store';
import { ACTIVE_SUBSCRIBER, selectIsLoggedIn, useAuthStore } from '../../../lib/auth/auth-store';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';

/** Where a confirmed teacher goes: the home page greets them for joining a school subscription. */
const CONFIRMED_PATH = '/welcome/new_invitation';

type Outcome = 'working' | 'confirmed' | 'confirmed-here' | 'used' | 'no-code' | 'unreachable';

const MESSAGES: Record<Outcome, string> = {
  working: 'Confirming your e-mail address…',
  confirmed: 'Your e-mail address is confirmed. Log in to carry on.',
  // Signed in, and confirming joined no subscription (no invitation was waiting for the address).
  'confirmed-here':
    'Your e-mail address is confirmed. To use a school subscription, ask the teacher who manages it to invite this address; you join when you follow the link in the e-mail we then send you.',
  used: "This confirmation link has already been used or has expired. If you confirmed your address, log in; if not, ask your school's subscription owner to invite you again.",
  'no-code':
    'This confirmation link is incomplete: it has no code. Please open the link from your e-mail again, copying the whole address if it is split over two lines.',
  unreachable:
    'Your e-mail address could not be confirmed just now: the Music Classroom service could not be reached. Please check your connection and try again.',
};

/**
 * Asks the CMS to confirm `code`. Strapi answers a good code with a redirect (opaque under
 * redirect: 'manual') and a used, expired or unknown one with a 400; anything else (offline, a
 * server failure) says nothing about the code, so the teacher may try again.
 */
async function confirmEmail(code: string): Promise<'confirmed' | 'used' | 'unreachable'> {
  try {
    const response = await fetch(
      `/api/auth/email-confirmation?confirmation=${encodeURIComponent(code)}`,
      { redirect: 'manual', credentials: 'omit', cache: 'no-store' },
    );
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400))
      return 'confirmed';
    if (response.status === 400) return 'used';
    return 'unreachable';
  } catch {
    return 'unreachable';
  }
}

/**
 * /account/confirm?confirmation=… : the link in the 'Confirm your e-mail address' e-mail. The code
 * is sent once per visit (a second send would report a used link); the answer is told in words.
 */
export function ConfirmEmailPage() {
  useDocumentTitle('Confirm your e-mail address');
  const [search] = useSearchParams();
  const code = search.get('confirmation');
  const navigate = useNavigate();
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const openLoginPanel = useAccessStore((state) => state.openLoginPanel);
  const [outcome, setOutcome] = useState<Outcome>(code ? 'working' : 'no-code');
  const [attempt, setAttempt] = useState(0);
  const sent = useRef<string | null>(null);
  const message = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const key = `${code}#${attempt}`;
    if (!code || sent.current === key) return;
    sent.current = key;
    void (async () => {
      setOutcome(await confirmEmail(code));
    })();
  }, [code, attempt]);

  // Confirmed and signed in (now, or by logging in from this page): confirming joins a school
  // subscription only when an invitation was waiting, so the role is read again, and only a
  // teacher who is now a subscriber is greeted as one who joined.
  useEffect(() => {
    if (outcome !== 'confirmed' || !loggedIn) return;
    let live = true;
    void (async () => {
      await useAuthStore
        .getState()
        .loadRoleAndProfile()
        .catch(() => undefined);
      if (!live) return;
      if (useAuthStore.getState().userRole === ACTIVE_SUBSCRIBER)
        void navigate(CONFIRMED_PATH, { replace: true });
      else setOutcome('confirmed-here');
    })();
    return () => {
      live = false;
    };
  }, [outcome, loggedIn, navigate]);

  // The answer arrives without a page change: focus goes to it, not back to the document.
  useEffect(() => {
    if (outcome !== 'working') message.current?.focus();
  }, [outcome]);

  function retry() {
    setOutcome('working');
    setAttempt((value) => value + 1);
  }

  const offerLogin = !loggedIn && (outcome === 'confirmed' || outcome === 'used');

  return (
    <section className="narrow">
      <h1>Confirm your e-mail address</h1>
      <div role="status">
        <p ref={message} tabIndex={-1} className={outcome === 'used' ? 'form-error' : undefined}>
          {MESSAGES[outcome === 'confirmed' && loggedIn ? 'working' : outcome]}
        </p>
      </div>
      {offerLogin && (
        <div className="form-actions">
          <button type="button" className="button" onClick={() => openLoginPanel()}>
            Log In
          </button>
        </div>
      )}
      {outcome === 'unreachable' && (
        <div className="form-actions">
          <button type="button" className="button" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {(outcome === 'no-code' ||
        outcome === 'confirmed-here' ||
        (loggedIn && outcome === 'used')) && <Link to="/">Go to the home page</Link>}
    </section>
  );
}
