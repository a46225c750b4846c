import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useLearningResourcesHome } from '../api/learning-resources-home';
import { AudienceTile } from '../components/audience-tile';
import { PromoBoxCard } from '../components/promo-box-card';

/** `/`, `/welcome/{welcome}` and `/login` (spec part 2, Home). */
export function HomePage() {
  const query = useLearningResourcesHome();
  useDocumentTitle(query.data?.title);

  return (
    <QueryBoundary query={query}>
      {(home) =>
        home ? (
          <div className="home">
            <header className="home__intro">
              <h1>{home.title}</h1>
              {home.subtitle && <p className="home__subtitle">{home.subtitle}</p>}
              <RichText html={home.introduction} />
            </header>
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
        ) : (
          <p>The home page has not been published yet.</p>
        )
      }
    </QueryBoundary>
  );
}
