import { useLayoutEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { releaseSnapshot } from '../lib/offline/snapshot-cover';

/** The router's fallback screen (spec part 1, section 2: 'Unexpected Application Error!'). */
export function RouteErrorPage() {
  const error = useRouteError();
  // The app says what went wrong: nothing painted before it may stand over that.
  useLayoutEffect(releaseSnapshot, []);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main id="main" className="site-main route-error">
      <h1>Unexpected Application Error!</h1>
      <pre>{detail}</pre>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </main>
  );
}
