import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

/** The router's fallback screen (spec part 1, section 2: 'Unexpected Application Error!'). */
export function RouteErrorPage() {
  const error = useRouteError();
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
