import '../../../lib/ui/content.css';
import '../audiences.css';
import { themeStyle } from '../../../lib/content/theme';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useAudience } from '../api/audience-query';
import { FeatureBoxCard } from '../components/feature-box-card';
import { secondaryBoxHref } from '../utils/feature-links';

/** /secondary (spec part 2, "Audience pages"): title, subtitle, introduction, libraries intro, boxes. */
export function SecondaryHomePage() {
  const query = useAudience({ audienceSlug: 'secondary' });
  useDocumentTitle(query.data?.title ?? 'Secondary');
  return (
    <QueryBoundary query={query}>
      {(data) =>
        data && (
          <div className="audience themed" style={themeStyle(data.theme?.css)}>
            <h1>{data.title}</h1>
            {data.subtitle && <p className="audience__subtitle">{data.subtitle}</p>}
            <RichText html={data.introduction} />
            <RichText html={data.libraries_intro} />
            <ul className="card-grid">
              {data.featurebox.map((box) => (
                <li key={box.id}>
                  <FeatureBoxCard box={box} href={secondaryBoxHref(box)} />
                </li>
              ))}
            </ul>
          </div>
        )
      }
    </QueryBoundary>
  );
}
