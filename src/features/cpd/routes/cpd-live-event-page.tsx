import '../../../lib/ui/content.css';
import '../cpd.css';
import { useParams } from 'react-router-dom';
import { CmsImage } from '../../../shared/media/cms-image';
import { DocumentList } from '../../../shared/documents/document-list';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useCpdLiveEvent, type CpdSessionDetails } from '../api/cpd-live-events';
import { webLink } from '../../../lib/content/web-link';
import { cpdLongDate } from '../utils/cpd-dates';
import { NotFound } from '../components/not-found';

/** /cpd/live-event/{cpdLiveEvent} (spec part 2, "Professional development (CPD)"). */
export function CpdLiveEventPage() {
  const { cpdLiveEvent = '' } = useParams();
  const query = useCpdLiveEvent({ slug: cpdLiveEvent });
  useDocumentTitle(query.data?.title);
  return (
    <QueryBoundary query={query}>
      {(event) =>
        !event ? (
          <NotFound />
        ) : (
          <div className="cpd">
            <h1>{event.title}</h1>
            {event.event_date && <p className="cpd__date">{cpdLongDate(event.event_date)}</p>}
            <div className="page-with-sidebar">
              <div>
                <CmsImage
                  image={event.main_image}
                  alt={event.main_image_decorative ? '' : undefined}
                  formats={['medium', 'small']}
                  className="cpd__image"
                />
                <RichText html={event.main_text} />
              </div>
              <aside className="sidebar" aria-label="Session details and documents">
                {event.session && <AttendSession session={event.session} />}
                <DocumentList documents={event.documents} heading="Documents" />
              </aside>
            </div>
          </div>
        )
      }
    </QueryBoundary>
  );
}

function AttendSession({ session }: { session: CpdSessionDetails }) {
  const link = webLink(session.session_link);
  return (
    <section className="cpd__attend" aria-labelledby="attend-heading">
      <h2 id="attend-heading">Attend this session</h2>
      {session.title && <p className="cpd__attend-title">{session.title}</p>}
      <dl>
        {session.session_date && (
          <>
            <dt>Date</dt>
            <dd>{cpdLongDate(session.session_date)}</dd>
          </>
        )}
        {session.start_end_time && (
          <>
            <dt>Time</dt>
            <dd>{session.start_end_time}</dd>
          </>
        )}
        <dt>Where</dt>
        <dd>{session.is_remote ? 'Online' : session.address_location || 'To be confirmed'}</dd>
      </dl>
      {link && (
        <a className="button" href={link} target="_blank" rel="noreferrer">
          {session.session_link_title || 'Book your place'}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      )}
      <RichText html={session.additional_info} />
    </section>
  );
}
