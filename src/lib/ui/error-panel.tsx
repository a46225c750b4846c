import { Link, useLocation, useNavigate } from 'react-router-dom';
import { CmsError } from '../cms/errors';
import { CONTACT_EMAIL } from '../config';
import { readToken } from '../session/session-storage';

/** A request the browser could not send at all (no network, or the CMS unreachable). */
function isUnreachable(error: unknown): boolean {
  return (error instanceof CmsError && error.isNetworkError) || error instanceof TypeError;
}

/**
 * What the panel says about the error. The browser's own text for a request it could not send
 * ("Failed to fetch", "Load failed", "NetworkError when attempting to fetch resource") explains
 * nothing to a teacher, so an unreachable CMS is said in words, offline or not (issue 19).
 */
function errorBody(error: unknown, offline: boolean): string {
  if (isUnreachable(error)) {
    return offline
      ? 'Connect to the internet to open this page.'
      : 'The content service could not be reached. Check the connection and try again.';
  }
  if (error instanceof CmsError) return error.body || error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** A sentence for a request that never reached the CMS; the CMS's own text, verbatim, otherwise. */
function ErrorBody({ error, offline }: { error: unknown; offline: boolean }) {
  const Tag = isUnreachable(error) ? 'p' : 'pre';
  return <Tag className="error-panel__body">{errorBody(error, offline)}</Tag>;
}

/**
 * The generic error panel (spec part 1, section 2). The error body is shown only to a signed-in
 * user; a visitor is told to log in. Being offline is said plainly, as a state, not a fault.
 */
export function ErrorPanel({ error }: { error: unknown }) {
  const location = useLocation();
  const navigate = useNavigate();
  const loggedIn = readToken() !== null;
  // Offline is what the browser says, not a guess from a failed request: a slow or unreachable
  // CMS on a working network is not 'offline' (issue 19), and the body then says what happened.
  const offline = !navigator.onLine;

  return (
    <section className="error-panel" aria-labelledby="error-panel-heading">
      <h1 id="error-panel-heading">
        Oops! Seems like we played the wrong note and can&apos;t show this page...
      </h1>
      {offline && (
        <p className="error-panel__offline">
          You are offline and this page has not been saved on this device yet.
        </p>
      )}
      <p className="error-panel__path">
        Page: <code>{location.pathname}</code>
      </p>
      {loggedIn ? (
        <ErrorBody error={error} offline={offline} />
      ) : (
        <p>
          You need to be logged in to access this content. <Link to="/login">Login</Link>
        </p>
      )}
      <p>
        <a
          href="/"
          onClick={(event) => {
            event.preventDefault();
            void navigate(-1);
          }}
        >
          return to the previous view
        </a>{' '}
        or contact us at <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </section>
  );
}
