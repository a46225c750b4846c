import '../../../lib/ui/content.css';
import '../audiences.css';
import { Link, useParams } from 'react-router-dom';
import { themeStyle } from '../../../lib/content/theme';
import { CmsImage } from '../../../shared/media/cms-image';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useAudience } from '../api/audience-query';
import { FeatureBoxCard } from '../components/feature-box-card';
import { audienceBoxHref } from '../utils/feature-links';
import { LostPage } from '../../../lib/ui/lost-page';

/** /{audience} (spec part 2, "Audience pages"). */
export function AudiencePage() {
  const { audience = '' } = useParams();
  const query = useAudience({ audienceSlug: audience });
  useDocumentTitle(query.data?.title);
  return (
    <QueryBoundary query={query}>
      {(data) =>
        !data ? (
          <LostPage />
        ) : (
          <div className="audience themed" style={themeStyle(data.theme?.css)}>
            <CmsImage
              image={data.theme?.main_banner_image}
              alt={data.theme?.main_banner_image_decorative ? '' : undefined}
              formats={['large', 'medium']}
              className="banner-image"
              eager
            />
            <h1>{data.title}</h1>
            {data.subtitle && <p className="audience__subtitle">{data.subtitle}</p>}
            <RichText html={data.introduction} />
            <ul className="card-grid">
              {data.featurebox.map((box) => (
                <li key={box.id}>
                  <FeatureBoxCard box={box} href={audienceBoxHref(data.slug, box)} />
                </li>
              ))}
            </ul>
            <section aria-labelledby="libraries-heading">
              <h2 id="libraries-heading">Libraries</h2>
              <RichText html={data.libraries_intro} />
              <ul className="audience__libraries">
                <li>
                  <Link className="button button--secondary" to={`/${data.slug}/activities`}>
                    Activity Library
                  </Link>
                </li>
                <li>
                  <Link className="button button--secondary" to={`/${data.slug}/audiolibrary`}>
                    Audio Library
                  </Link>
                </li>
              </ul>
            </section>
          </div>
        )
      }
    </QueryBoundary>
  );
}
