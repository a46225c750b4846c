import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { selectIsLoggedIn, useAuthStore } from '../../../lib/auth/auth-store';
import { Link, useLocation, useMatches, useSearchParams } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../lib/config';
import { ErrorPanel } from '../../../lib/ui/error-panel';
import { Spinner } from '../../../lib/ui/spinner';
import { useAudiencesAndProgrammes } from '../api/audiences-and-programmes';
import { BreadcrumbTrail } from './breadcrumb-trail';
import { MainNavigation } from './main-navigation';
import { SiteFooter } from './site-footer';
import { ShellSearch } from '../../../shared/search/shell-search';

// A teacher's alone: a visitor's first load carries none of it.
const SyncIndicator = lazy(() =>
  import('../../../shared/sync/sync-indicator').then((module) => ({
    default: module.SyncIndicator,
  })),
);

function useScrollToTopOnPathChange() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

function hidesNavigation(handle: unknown): boolean {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    (handle as { hideNavigation?: boolean }).hideNavigation === true
  );
}

/**
 * The page shell (spec part 1, section 2): header with the navigation, breadcrumbs, the page,
 * the footer. The shell's one query feeds the navigation and the breadcrumb titles; while it
 * loads the navigation shows a spinner, and if it fails with nothing cached the logo and the
 * error panel show instead of the page.
 */
export function SiteShell({ children }: { children: ReactNode }) {
  useScrollToTopOnPathChange();
  const { pathname } = useLocation();
  const matches = useMatches();
  const [search] = useSearchParams();
  const shell = useAudiencesAndProgrammes();
  // Spec part 2, "At home": those pages hide the main navigation but keep their breadcrumb
  // ('At home'); a preview shows neither.
  const previewing = search.get('preview') !== null;
  const showNavigation = !previewing && !matches.some((match) => hidesNavigation(match.handle));
  const shellFailed =
    shell.data === undefined &&
    (shell.isError || (shell.fetchStatus === 'paused' && shell.failureReason));
  const isHome = pathname === '/';
  const loggedIn = useAuthStore(selectIsLoggedIn);

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
          {/* The search field and a teacher's sync pill: at the first row's end on wide screens
              (the pill before the field), a row of their own below 992 px (the field first).
              The field keeps its place when the pill arrives or what it says grows. */}
          <div className="site-header__tools">
            <ShellSearch />
            {loggedIn && (
              <Suspense fallback={null}>
                <SyncIndicator />
              </Suspense>
            )}
          </div>
          {showNavigation &&
            (shell.data ? (
              <MainNavigation key={pathname} audiences={shell.data.audiences} />
            ) : shellFailed ? null : (
              <Spinner label="Loading the menu…" />
            ))}
        </div>
      </header>
      {!isHome && !previewing && (
        <div className="site-breadcrumbs">
          <BreadcrumbTrail data={shell.data} />
        </div>
      )}
      <main id="main" className="site-main" tabIndex={-1}>
        {shellFailed ? (
          <ErrorPanel error={shell.error ?? shell.failureReason} />
        ) : (
          <Suspense fallback={<Spinner />}>{children}</Suspense>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}
