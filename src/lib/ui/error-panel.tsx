import { Link, useLocation, useNavigate } from 'react-router-dom';
import { CmsError, plainMessage } from '../cms/errors';
import { CONTACT_EMAIL } from '../config';
import { readToken } from '../session/session-storage';
import { useStateTitle } from './use-document-title';

/** A request the browser could not send at all (no network, or the CMS unreachable). */
function isUnreachable(error: unknown): boolean {
  return (error instanceof CmsError && error.isNetworkError) || error instanceof TypeError;
}

/** Said when the CMS answered with an error but no message a person can read (a 502 from a gateway). */
const CMS_HAD_A_PROBLEM =
  'The content service had a problem answering. Please try again in a moment.';

/** A status line or code is not a message: "The content service answered 502", "Bad Gateway". */
const NOT_A_MESSAGE =
  /^(The content service answered \d+|\d{3}\b.*|[A-Z][A-Za-z]+Error|Bad Request|Unauthorized|Forbidden|Not Found|Internal Server Error|Bad Gateway|Service Unavailable|Gateway Timeout)$/i;

/**
 * What the panel says about the error: always a sentence, never the JSON around the CMS's
 * message, a status code or the browser's own text for a request it could not send ("Failed to
 * fetch"). An unreachable CMS is said in words, offline or not.
 */
function errorBody(error: unknown, offline: boolean): string {
  if (isUnreachable(error)) {
    return offline
      ? 'Connect to the internet to open this page.'
      : 'The content service could not be reached. Check the connection and try again.';
  }
  const message = error instanceof Error ? error.message : '';
  if (!message.trim() || NOT_A_MESSAGE.test(message.trim()) || /^\s*[[{<]/.test(message))
    return CMS_HAD_A_PROBLEM;
  return plainMessage(message, CMS_HAD_A_PROBLEM);
}

function ErrorBody({ error, offline }: { error: unknown; offline: boolean }) {
  return <p className="error-panel__body">{errorBody(error, offline)}</p>;
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
  // CMS on a working network is not 'offline', and the body then says what happened.
  const offline = !navigator.onLine;
  // The title says the page failed, not the name of a page that is not there (WCAG 2.4.2).
  useStateTitle(
    offline ? 'Not available offline' : loggedIn ? 'This page could not be shown' : 'Log in needed',
  );

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
