import '../../../lib/ui/content.css';
import '../audiences.css';
import { themeStyle } from '../../../lib/content/theme';
import { CmsImage } from '../../../shared/media/cms-image';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useAudience } from '../api/audience-query';
import { useLiveHomePage } from '../api/live-home-page';
import { FeatureBoxCard } from '../components/feature-box-card';
import { LiveEventsList } from '../components/live-events-list';
import { audienceBoxHref } from '../utils/feature-links';

/**
 * /live (spec part 2, "Live section"): the live audience's title, subtitle, introduction and
 * feature boxes, then upcoming events from the orchestra's feed.
 */
export function LiveHomePage() {
  const query = useAudience({ audienceSlug: 'live' });
  const home = useLiveHomePage();
  useDocumentTitle(query.data?.title ?? 'Live');
  return (
    <QueryBoundary query={query}>
      {(audience) => (
        <div className="audience themed" style={themeStyle(audience?.theme?.css)}>
          <CmsImage
            image={audience?.theme?.main_banner_image}
            alt={audience?.theme?.main_banner_image_decorative ? '' : undefined}
            formats={['large', 'medium']}
            className="banner-image"
            eager
          />
          <h1>{audience?.title ?? 'Live'}</h1>
          {audience?.subtitle && <p className="audience__subtitle">{audience.subtitle}</p>}
          <RichText html={audience?.introduction} />
          {audience && audience.featurebox.length > 0 && (
            <ul className="card-grid">
              {audience.featurebox.map((box) => (
                <li key={box.id}>
                  <FeatureBoxCard box={box} href={audienceBoxHref(audience.slug, box)} />
                </li>
              ))}
            </ul>
          )}
          <section aria-labelledby="live-events-heading">
            <h2 id="live-events-heading">{home.data?.events_heading || 'Upcoming live events'}</h2>
            <RichText html={home.data?.events_introduction} />
            <LiveEventsList />
          </section>
        </div>
      )}
    </QueryBoundary>
  );
}
