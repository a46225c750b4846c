import { Link, useLocation, useNavigate } from 'react-router-dom';
import { CmsError } from '../cms/errors';
import { CONTACT_EMAIL } from '../config';
import { readToken } from '../session/session-storage';

function errorBody(error: unknown): string {
  if (error instanceof CmsError) return error.body || error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The generic error panel (spec part 1, section 2). The error body is shown only to a signed-in
 * user; a visitor is told to log in. Being offline is said plainly, as a state, not a fault.
 */
export function ErrorPanel({ error }: { error: unknown }) {
  const location = useLocation();
  const navigate = useNavigate();
  const loggedIn = readToken() !== null;
  const offline = (error instanceof CmsError && error.isNetworkError) || !navigator.onLine;

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
        <pre className="error-panel__body">{errorBody(error)}</pre>
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
