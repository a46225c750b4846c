import '../../../lib/ui/content.css';
import '../audiences.css';
import { useLocation, useParams } from 'react-router-dom';
import { useCrumbLabel } from '../../../lib/ui/crumb-labels';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useProjectPage } from '../api/project-page';
import { FeatureBoxCard } from '../components/feature-box-card';
import { landingCardHref } from '../utils/feature-links';
import { ProjectPage } from './project-page';
import { LostPage } from '../../../lib/ui/lost-page';

/**
 * A landing page: /secondary/{ks} (its index: the key stage's own page), .../page/{slug},
 * /secondary/{landingPageSlug} and /{audience}/{landing}/page/{slug}.
 */
export function LandingPage() {
  const { landingPageSlug, slug } = useParams();
  const { pathname } = useLocation();
  const segments = pathname.split('/').filter(Boolean);
  const keyStage = segments[0] === 'secondary' ? segments[1] : undefined;
  const pageSlug = slug ?? landingPageSlug ?? keyStage ?? '';
  const query = useProjectPage({ slug: pageSlug });
  const landing = query.data?.landingPages[0];
  // /secondary/{slug} names a landing page or a project (the secondary home links to both).
  const project = landingPageSlug && !landing ? query.data?.projects[0] : undefined;
  useDocumentTitle(landing?.title);
  useCrumbLabel(slug ? 'slug' : 'landingPageSlug', landing?.title ?? project?.title);
  // Cards link below the key stage (or the page itself when it is not under one).
  const base =
    keyStage && !landingPageSlug
      ? `/secondary/${keyStage}`
      : pathname.replace(/\/page\/[^/]+$/, '');
  return (
    <QueryBoundary query={query}>
      {(data) => {
        const page = data.landingPages[0];
        if (!page && project) return <ProjectPage slug={pageSlug} />;
        if (!page) {
          return <LostPage />;
        }
        return (
          <div className="landing">
            <h1>{page.title}</h1>
            <RichText html={page.main_text} />
            <ul className="card-grid">
              {(page.features ?? []).map((box) => (
                <li key={box.id}>
                  <FeatureBoxCard box={box} href={landingCardHref(base, box)} />
                </li>
              ))}
            </ul>
          </div>
        );
      }}
    </QueryBoundary>
  );
}
