import { Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { CONTACT_EMAIL, PRODUCT_NAME } from '../lib/config';
import { Spinner } from '../lib/ui/spinner';

function useScrollToTopOnPathChange() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

export function RootLayout() {
  useScrollToTopOnPathChange();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Link to="/" className="brand">
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <span>{PRODUCT_NAME}</span>
          </Link>
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="site-footer">
        <div className="site-footer__inner">
          <p>
            Help and support: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
          </p>
          <p>© {new Date().getFullYear()} {PRODUCT_NAME}</p>
        </div>
      </footer>
    </div>
  );
}
