import '../../../lib/ui/content.css';
import '../live.css';
import { Link, useParams } from 'react-router-dom';
import { themeStyle } from '../../../lib/content/theme';
import { CmsImage } from '../../../shared/media/cms-image';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useLiveProgramme, type LiveCard } from '../api/live-programme';
import { LostPage } from '../../../lib/ui/lost-page';

/** /live/{liveprogramme} (spec part 2, "Live section"). */
export function LiveProgrammePage() {
  const { liveprogramme = '' } = useParams();
  const query = useLiveProgramme({ slug: liveprogramme });
  useDocumentTitle(query.data?.title);
  return (
    <QueryBoundary query={query}>
      {(programme) =>
        !programme ? (
          <LostPage backTo="/live" backLabel="Go to Live" />
        ) : (
          <div className="live themed" style={themeStyle(programme.theme?.css)}>
            <CmsImage
              image={programme.theme?.main_banner_image}
              alt={programme.theme?.main_banner_image_decorative ? '' : undefined}
              formats={['large', 'medium']}
              className="banner-image"
              eager
            />
            <h1>{programme.title}</h1>
            {programme.subtitle && <p className="live__subtitle">{programme.subtitle}</p>}
            <RichText html={programme.main_text} />
            {(programme.quotation ?? [])
              .filter((quote) => quote.quotation)
              .map((quote) => (
                <figure key={quote.id} className="live__quote">
                  <blockquote>
                    <p>{quote.quotation}</p>
                  </blockquote>
                  {quote.attribution && <figcaption>{quote.attribution}</figcaption>}
                </figure>
              ))}
            <CardSection
              id="performances"
              heading={programme.performances_heading || 'Performances'}
              cards={programme.live_performances ?? []}
              base={`/live/${programme.slug}`}
            />
            <CardSection
              id="productions"
              heading={programme.productions_heading || 'Productions'}
              cards={programme.live_productions ?? []}
              base={`/live/${programme.slug}`}
            />
          </div>
        )
      }
    </QueryBoundary>
  );
}

function CardSection({
  id,
  heading,
  cards,
  base,
}: {
  id: string;
  heading: string;
  cards: LiveCard[];
  base: string;
}) {
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <ul className="card-grid">
        {cards.map((card, index) => (
          <li key={`${card.slug ?? 'card'}-${index}`}>
            <article className="card live-card">
              <CmsImage
                image={card.thumbnail_images?.[0]}
                formats={['small', 'thumbnail']}
                alt={card.thumbnail_images_decorative ? '' : undefined}
              />
              <h3>{card.title}</h3>
              <RichText html={card.blurb} />
              {card.slug && (
                <Link className="button" to={`${base}/${card.slug}`}>
                  Find out more<span className="visually-hidden">: {card.title}</span>
                </Link>
              )}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
