import '../../../lib/ui/content.css';
import '../cpd.css';
import { useParams } from 'react-router-dom';
import { parseEmbed } from '../../../lib/content/media';
import { DocumentList } from '../../../lib/ui/document-list';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { Transcript } from '../../../lib/ui/transcript';
import { VideoEmbed } from '../../../lib/ui/video-embed';
import { useCpdSession } from '../api/cpd-sessions';
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
                {session.video && (
                  <>
                    <VideoEmbed
                      embed={parseEmbed(session.video.embed)}
                      file={session.video.file}
                      title={session.video.title || session.title}
                      captions={session.video.captions}
                      width={800}
                      height={450}
                    />
                    <Transcript html={session.video.transcript} title={session.video.title || session.title} />
                  </>
                )}
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
