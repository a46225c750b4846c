import '../../../lib/ui/content.css';
import '../cpd.css';
import { useParams } from 'react-router-dom';
import { DocumentList } from '../../../shared/documents/document-list';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useCpdSession } from '../api/cpd-sessions';
import { CpdSessionVideo } from '../components/cpd-session-video';
import { NotFound } from '../components/not-found';

/** /cpd/session/{cpdSession} (spec part 2, "Professional development (CPD)"): video 450 high. */
export function CpdSessionPage() {
  const { cpdSession = '' } = useParams();
  const query = useCpdSession({ slug: cpdSession });
  useDocumentTitle(query.data?.title);
  return (
    <QueryBoundary query={query}>
      {(session) =>
        !session ? (
          <NotFound />
        ) : (
          <div className="cpd">
            <h1>{session.title}</h1>
            <div className="page-with-sidebar">
              <div>
                <RichText html={session.main_text} />
                <CpdSessionVideo session={session} />
              </div>
              <aside className="sidebar" aria-label="Session documents">
                <DocumentList documents={session.documents} heading="Documents" />
              </aside>
            </div>
          </div>
        )
      }
    </QueryBoundary>
  );
}
