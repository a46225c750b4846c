import '../preview.css';
import {
  Suspense,
  useEffect,
  useLayoutEffect,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate, useParams, useRoutes, useSearchParams } from 'react-router-dom';
import { previewHeaders } from '../../../lib/cms/graphql-client';
import { InPreview } from '../../../lib/preview/in-preview';
import { useRouteFocus } from '../../../lib/ui/route-focus';
import { Spinner } from '../../../lib/ui/spinner';
import { NETWORK_ONLY_HEADER, PREVIEW_HEADER } from '../../../lib/sw-messages';
import { isPreviewType, usePreviewTarget, type PreviewType } from '../api/preview-queries';
import { PreviewNotice } from '../components/preview-notice';

export const REFUSALS = {
  invalid: 'This preview link is not valid. Open the preview again from the CMS.',
  expired:
    'This preview link has expired (links last an hour). Open the preview again from the CMS.',
  'not-found': 'There is nothing to preview: this version was deleted or has not been saved.',
} as const;

const UNREACHABLE =
  'The preview could not be loaded: the app cannot reach the CMS. Check the connection and reload.';

/** Where the previewed document's real page is, for the app's route table of preview pages. */
export interface PreviewPages {
  /** /preview/{type}/{documentId}: the real page's path follows it. */
  prefix: string;
  /** The real page's path, below the prefix. */
  path: string;
  token: string;
}

/**
 * /preview/:type/:documentId/*?token=…: an editor's lesson, activity, unit, programme or slideshow,
 * opened from the CMS admin (its preview panel, or a new tab), shown by the app's real pages. The
 * real page's path follows the prefix (/preview/lesson/{id}/{audience}/{programme}/unit/…), so
 * its own links to what the preview holds (the lesson's activities, lesson mode) stay in it.
 *
 * Nothing is stored on the device: the pages read through a query client of the preview's own
 * (never persisted, forgotten when the preview closes), every request carries the token and is
 * network-only (the worker never takes it), and the pages offer no download or playlist.
 */
export function PreviewPage({ pages }: { pages: (target: PreviewPages) => ReactNode }) {
  const { type, documentId = '' } = useParams();
  const [search] = useSearchParams();
  // The token stays with the preview: slide and page links inside it carry no search.
  const [token] = useState(() => search.get('token') ?? '');

  // Set before the first page's queries start (children's effects run before this one's).
  if (token && previewHeaders[PREVIEW_HEADER] !== token) setPreviewToken(token);
  useEffect(() => {
    if (token) setPreviewToken(token);
    return () => {
      delete previewHeaders[PREVIEW_HEADER];
      delete previewHeaders[NETWORK_ONLY_HEADER];
    };
  }, [token]);
  useKeepTokenInAddress(token);
  usePreviewTitle();

  const content =
    !token || !isPreviewType(type) ? (
      <PreviewProblem message={REFUSALS.invalid} />
    ) : (
      <PreviewTargetPage token={token} type={type} documentId={documentId} pages={pages} />
    );
  return <InPreview.Provider value>{content}</InPreview.Provider>;
}

function setPreviewToken(token: string) {
  previewHeaders[PREVIEW_HEADER] = token;
  previewHeaders[NETWORK_ONLY_HEADER] = '1';
}

/**
 * Links and slide changes inside the preview drop the search: the token goes back in place, in
 * the same task as the change (a layout effect), so a reload straight after a slide change still
 * carries it.
 */
function useKeepTokenInAddress(token: string) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    if (!token || new URLSearchParams(search).get('token') === token) return;
    const params = new URLSearchParams(search);
    params.set('token', token);
    void navigate({ pathname, search: `?${params}`, hash }, { replace: true });
  }, [token, pathname, search, hash, navigate]);
}

/** Every preview page's title says it is one ("Preview: …"), whatever the page sets. */
function usePreviewTitle() {
  useEffect(() => {
    const prefix = (title: string) => (title.startsWith('Preview: ') ? title : `Preview: ${title}`);
    document.title = prefix(document.title);
    const observer = new MutationObserver(() => {
      if (!document.title.startsWith('Preview: ')) document.title = prefix(document.title);
    });
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
}

function PreviewTargetPage({
  token,
  type,
  documentId,
  pages,
}: {
  token: string;
  type: PreviewType;
  documentId: string;
  pages: (target: PreviewPages) => ReactNode;
}) {
  const target = usePreviewTarget(token, type, documentId);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const prefix = `/preview/${type}/${encodeURIComponent(documentId)}`;
  const lessonMode = /\/slides(\/|$)/.test(pathname);

  if (target.error) return <PreviewProblem message={UNREACHABLE} />;
  if (!target.data) return <PreviewFrame lessonMode={lessonMode}>{<Spinner />}</PreviewFrame>;
  const { verdict, path } = target.data;
  if (verdict === 'invalid' || verdict === 'expired')
    return <PreviewProblem message={REFUSALS[verdict]} />;
  if (!path) return <PreviewProblem message={REFUSALS['not-found']} />;

  /**
   * The real pages link to their own addresses: a link to the previewed document or below it
   * (an activity of the lesson, a lesson of the unit, lesson mode) stays in the preview.
   */
  const keepInPreview = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.target) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin || url.pathname.startsWith('/preview/')) return;
    if (!url.pathname.split('/').includes(encodeURIComponent(documentId))) return;
    event.preventDefault();
    void navigate(`${prefix}${url.pathname}?token=${encodeURIComponent(token)}`);
  };

  return (
    <PreviewFrame lessonMode={lessonMode} onClickCapture={keepInPreview}>
      <PreviewNotice type={type} status={verdict} />
      <Suspense fallback={<Spinner />}>
        <PreviewRoutes to={`${prefix}${path}?token=${token}`}>
          <RouteFocus />
          {pages({ prefix, path, token })}
        </PreviewRoutes>
      </Suspense>
    </PreviewFrame>
  );
}

/**
 * The link's own address goes on to the real page's; below it, the real page. Route objects
 * rather than <Routes> and <Route> elements: those would add their code to every visitor's first
 * load (the router's module is in it, and the bundler keeps what any chunk uses there).
 */
function PreviewRoutes({ to, children }: { to: string; children: ReactNode }) {
  return useRoutes([
    { index: true, element: <GoTo to={to} /> },
    { path: '*', element: children },
  ]);
}

function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => void navigate(to, { replace: true }), [navigate, to]);
  return null;
}

/**
 * Focus follows navigations inside the preview (to the next page's heading, or in lesson mode
 * only when lost), not the first move from the link's address to the real page's.
 */
function RouteFocus() {
  const { pathname } = useLocation();
  useRouteFocus({ onlyWhenLost: /\/slides(\/|$)/.test(pathname) });
  return null;
}

/**
 * The preview's own frame: no site navigation (a preview is one document, not the site), the
 * notice above the page, lesson mode's dark full-width stage for slides.
 */
function PreviewFrame({
  lessonMode,
  children,
  onClickCapture,
}: {
  lessonMode: boolean;
  children: ReactNode;
  onClickCapture?: (event: MouseEvent) => void;
}) {
  return (
    // The handler only redirects clicks that links already make (a link's Enter is a click too).
    <div
      className={lessonMode ? 'preview-app preview-app--slides' : 'preview-app'}
      onClickCapture={onClickCapture}
    >
      <main
        id="main"
        className={lessonMode ? 'lesson-mode-main' : 'site-main preview-page'}
        tabIndex={-1}
      >
        {children}
      </main>
    </div>
  );
}

export function PreviewProblem({ message, bare = false }: { message: string; bare?: boolean }) {
  const problem = (
    <article className="narrow">
      <h1>Preview</h1>
      <p className="notice preview-page__problem" role="alert">
        {message}
      </p>
    </article>
  );
  return bare ? problem : <PreviewFrame lessonMode={false}>{problem}</PreviewFrame>;
}
