import '../../../lib/ui/content.css';
import '../cpd.css';
import { DocumentList } from '../../../shared/documents/document-list';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useCpd, type CpdCard as CpdCardData } from '../api/cpd';
import { CpdCard } from '../components/cpd-card';

/** /cpd (spec part 2, "Professional development (CPD)"). */
export function CpdPage() {
  const query = useCpd();
  useDocumentTitle(query.data?.title ?? 'CPD');
  return (
    <QueryBoundary query={query}>
      {(cpd) =>
        !cpd ? (
          <div className="narrow">
            <h1>CPD</h1>
            <p>Professional development is coming soon.</p>
          </div>
        ) : (
          <div className="cpd">
            <h1>{cpd.title ?? 'CPD'}</h1>
            <div className="page-with-sidebar">
              <div>
                <RichText html={cpd.body_content} />
                <CardList
                  id="cpd-events"
                  heading={cpd.live_events_heading || 'Live events'}
                  cards={cpd.cpd_live_events}
                  path="/cpd/live-event"
                />
                <CardList
                  id="cpd-sessions"
                  heading={cpd.video_sessions_title || 'Video sessions'}
                  cards={cpd.cpd_sessions}
                  path="/cpd/session"
                />
              </div>
              <aside className="sidebar cpd__downloads" aria-label="Downloads">
                <DocumentList
                  documents={cpd.documents}
                  heading="Downloads to support your delivery"
                />
              </aside>
            </div>
          </div>
        )
      }
    </QueryBoundary>
  );
}

function CardList({
  id,
  heading,
  cards,
  path,
}: {
  id: string;
  heading: string;
  cards: CpdCardData[] | null;
  path: string;
}) {
  if (!cards || cards.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <ul className="card-grid">
        {cards.map((card) => (
          <li key={card.documentId}>
            <CpdCard card={card} to={`${path}/${card.slug}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
