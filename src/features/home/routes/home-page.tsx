import { useEffect } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useAccessStore } from '../../../lib/auth/access-store';
import { selectIsLoggedIn, useAuthStore } from '../../../lib/auth/auth-store';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { pageStateOf, usePageSnapshot } from '../../../shared/offline/use-page-snapshot';
import { useLearningResourcesHome } from '../api/learning-resources-home';
import { AudienceTile } from '../components/audience-tile';
import { HomeVideo } from '../components/home-video';
import { PromoBoxCard } from '../components/promo-box-card';
import { welcomeMessage } from '../utils/welcome-message';

/** `/`, `/welcome/{welcome}` and `/login` (spec part 2, Home). */
export function HomePage() {
  const query = useLearningResourcesHome();
  useDocumentTitle(query.data?.title);
  useLoginRoute();
  usePageSnapshot(pageStateOf(query.status));
  const [search] = useSearchParams();
  const passwordReset = search.get('password-reset') === 'true';
  const { welcome } = useParams();

  return (
    <QueryBoundary query={query}>
      {(home) => {
        if (!home) return <p>The home page has not been published yet.</p>;
        const greeting = welcomeMessage(home.welcome_messages, welcome);
        return (
          <div className="home">
            {passwordReset && (
              <p className="notice" role="status">
                Your password has been reset and you are now logged in.
              </p>
            )}
            <header className="home__intro">
              <h1>{home.title}</h1>
              {home.subtitle && <p className="home__subtitle">{home.subtitle}</p>}
              <RichText html={home.introduction} />
            </header>
            {greeting && (
              <div className="notice" role="status">
                <RichText html={greeting} />
              </div>
            )}
            <section aria-labelledby="audiences-heading">
              <h2 id="audiences-heading" className="visually-hidden">
                Audiences
              </h2>
              <ul className="audience-tiles">
                {home.audiences.map((audience) => (
                  <AudienceTile key={audience.documentId} audience={audience} />
                ))}
              </ul>
            </section>
            <HomeVideo home={home} />
            {home.promoboxes.length > 0 && (
              <section aria-label="Highlights">
                <ul className="promo-boxes">
                  {home.promoboxes.map((box) => (
                    <PromoBoxCard key={box.id} box={box} />
                  ))}
                </ul>
              </section>
            )}
          </div>
        );
      }}
    </QueryBoundary>
  );
}

/** /login shows the home page with the login panel open (spec part 1, "Login panel"). */
function useLoginRoute() {
  const { pathname } = useLocation();
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const openLoginPanel = useAccessStore((state) => state.openLoginPanel);
  useEffect(() => {
    if (pathname === '/login' && !loggedIn) openLoginPanel();
  }, [pathname, loggedIn, openLoginPanel]);
}
