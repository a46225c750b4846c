import '../../../lib/ui/content.css';
import '../live.css';
import { Link, useParams } from 'react-router-dom';
import { activityGridCard, ActivityCardGrid } from '../../../shared/activities/activity-card-grid';
import { CmsImage } from '../../../shared/media/cms-image';
import { DocumentList } from '../../../shared/documents/document-list';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useLiveProduction, type LiveProductionData } from '../api/live-production';
import { BookingsDialog } from '../components/bookings-dialog';
import { LostPage } from '../../../lib/ui/lost-page';

/** /live/{liveprogramme}/{liveproduction} (spec part 2, "Live section"). */
export function LiveProductionPage() {
  const { liveprogramme = '', liveproduction = '' } = useParams();
  const query = useLiveProduction({ slug: liveproduction });
  useDocumentTitle(query.data?.title);
  return (
    <QueryBoundary query={query}>
      {(production) =>
        !production ? (
          <LostPage backTo={`/live/${liveprogramme}`} backLabel="Back to the programme" />
        ) : (
          <Production production={production} path={`/live/${liveprogramme}/${production.slug}`} />
        )
      }
    </QueryBoundary>
  );
}

function Production({ production, path }: { production: LiveProductionData; path: string }) {
  const activities = production.related_activities ?? [];
  const audio = production.audio_pages ?? [];
  return (
    <div className="live">
      <CmsImage
        image={production.main_image}
        alt={production.main_image_decorative ? '' : undefined}
        formats={['large', 'medium']}
        className="banner-image"
        eager
      />
      <h1>{production.title}</h1>
      {(production.performance_dates || production.performance_venues) && (
        <dl className="live__facts">
          {production.performance_dates && (
            <div>
              <dt>Dates</dt>
              <dd>{production.performance_dates}</dd>
            </div>
          )}
          {production.performance_venues && (
            <div>
              <dt>Venues</dt>
              <dd>{production.performance_venues}</dd>
            </div>
          )}
        </dl>
      )}
      <BookingsDialog
        title={production.title}
        label={production.venues_link_label}
        bookings={production.bookings}
      />
      <div className="page-with-sidebar">
        <div>
          <RichText html={production.main_text} />
          {activities.length > 0 && (
            <section aria-labelledby="live-activities-heading">
              <h2 id="live-activities-heading">
                {production.explore_activities_title || 'Explore the activities'}
              </h2>
              <ActivityCardGrid
                cards={activities.map((activity) =>
                  activityGridCard(activity, `${path}/activity/${activity.documentId}`),
                )}
              />
            </section>
          )}
          {audio.length > 0 && (
            <section aria-labelledby="live-audio-heading">
              <h2 id="live-audio-heading">Listen</h2>
              <ul className="card-grid">
                {audio.map((page) => (
                  <li key={page.documentId}>
                    <article className="card">
                      <h3>{page.title}</h3>
                      <RichText html={page.introduction} />
                      <Link className="button" to={`${path}/audio/${page.documentId}`}>
                        Listen<span className="visually-hidden">: {page.title}</span>
                      </Link>
                    </article>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <aside className="sidebar" aria-label="Production documents">
          <DocumentList documents={production.documents} heading="Documents" />
        </aside>
      </div>
    </div>
  );
}
