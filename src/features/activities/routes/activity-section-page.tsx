import '../../../lib/ui/content.css';
import '../activities.css';
import { useParams } from 'react-router-dom';
import { useCurrentPath } from '../../../lib/content/route-context';
import { activityGridCard, ActivityCardGrid } from '../../../shared/activities/activity-card-grid';
import { useCrumbLabel } from '../../../lib/ui/crumb-labels';
import { DocumentList } from '../../../shared/documents/document-list';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { StateHeading } from '../../../lib/ui/state-heading';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useActivitySection } from '../api/activity-section';

/**
 * An activity section (spec part 2): under a unit (.../unit/{unit}/activities/{section}, whose
 * activities live at .../unit/{unit}/activity/{id}) and in the libraries (.../activities/{section},
 * whose activities are its children).
 */
export function ActivitySectionPage() {
  const { section = '', unit } = useParams();
  const path = useCurrentPath();
  const query = useActivitySection({ ids: [section] });
  const title = query.data?.[0]?.title;
  useDocumentTitle(title);
  useCrumbLabel('section', title);
  const activityPath = (id: string) =>
    unit ? `${path.slice(0, path.lastIndexOf('/activities/'))}/activity/${id}` : `${path}/${id}`;
  return (
    <QueryBoundary query={query}>
      {([data]) =>
        !data ? (
          <div className="narrow">
            <StateHeading>Activity section not found</StateHeading>
          </div>
        ) : (
          <div className="page-with-sidebar">
            <div>
              <h1>{data.title}</h1>
              <RichText html={data.introduction} />
              {data.activity_pages.length === 0 ? (
                <p>There are no activities in this section yet.</p>
              ) : (
                <ActivityCardGrid
                  className="activity-section__cards"
                  cards={data.activity_pages.map((activity) =>
                    activityGridCard(activity, activityPath(activity.documentId)),
                  )}
                  headingLevel={2}
                />
              )}
            </div>
            <aside className="sidebar" aria-label="Section documents">
              <DocumentList documents={data.documents} heading="Documents" />
            </aside>
          </div>
        )
      }
    </QueryBoundary>
  );
}
