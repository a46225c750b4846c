import '../../../lib/ui/content.css';
import '../audiences.css';
import { useParams } from 'react-router-dom';
import { useCurrentPath } from '../../../lib/content/route-context';
import { activityGridCard, ActivityCardGrid } from '../../../shared/activities/activity-card-grid';
import { CmsImage } from '../../../shared/media/cms-image';
import { useCrumbLabel } from '../../../lib/ui/crumb-labels';
import { DocumentList } from '../../../shared/documents/document-list';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useProjectPage } from '../api/project-page';
import { LostPage } from '../../../lib/ui/lost-page';

/**
 * A project (spec part 2, "Project page"): its activities live at {current path}/activity/{id}.
 * `slug` is given when another route found the project (/secondary/{slug}: a landing page or a
 * project).
 */
export function ProjectPage({ slug: found }: { slug?: string } = {}) {
  const { projectpageslug, slug } = useParams();
  const path = useCurrentPath();
  const query = useProjectPage({ slug: found ?? projectpageslug ?? slug ?? '' });
  const project = query.data?.projects[0];
  useDocumentTitle(project?.title);
  useCrumbLabel('slug', slug ? project?.title : null);
  return (
    <QueryBoundary query={query}>
      {(data) => {
        const page = data.projects[0];
        if (!page) {
          return <LostPage />;
        }
        return (
          <article className="project">
            <CmsImage
              image={page.main_image}
              alt={page.main_image_decorative ? '' : undefined}
              formats={['large', 'medium']}
              className="banner-image"
              eager
            />
            <h1>{page.title}</h1>
            <div className="page-with-sidebar">
              <div>
                <RichText html={page.main_text} />
                {/* spec part 2, Project page: the 'explore activities' list, each card to {path}/activity/{id} */}
                <section aria-labelledby="explore-heading">
                  <h2 id="explore-heading">
                    {page.explore_activities_title ?? 'Explore the activities'}
                  </h2>
                  <ActivityCardGrid
                    cards={page.activity_pages.map((activity) =>
                      activityGridCard(activity, `${path}/activity/${activity.documentId}`),
                    )}
                  />
                </section>
              </div>
              <aside className="sidebar" aria-label="Project documents">
                <DocumentList documents={page.documents} heading="Documents" />
              </aside>
            </div>
          </article>
        );
      }}
    </QueryBoundary>
  );
}
