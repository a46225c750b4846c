import '../../../lib/ui/content.css';
import '../libraries.css';
import { Link, useParams } from 'react-router-dom';
import { useCurrentPath } from '../../../lib/content/route-context';
import { useCrumbLabel } from '../../../lib/ui/crumb-labels';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { StateHeading } from '../../../lib/ui/state-heading';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useAudioPageContainer } from '../api/audio-libraries';
import { countLabel } from '../utils/audio-rules';

/** A collection of audio pages: .../collection/{container}; its pages at {path}/{page}. */
export function AudioCollectionPage() {
  const { container = '' } = useParams();
  const path = useCurrentPath();
  const query = useAudioPageContainer({ id: container });
  useDocumentTitle(query.data?.title);
  useCrumbLabel('container', query.data?.title);
  return (
    <QueryBoundary query={query}>
      {(collection) =>
        !collection ? (
          <div className="narrow">
            <StateHeading>Collection not found</StateHeading>
          </div>
        ) : (
          <div className="audio-collection">
            <h1>{collection.title}</h1>
            <RichText html={collection.blurb} />
            <ul className="card-grid">
              {collection.audio_page.map((page) => (
                <li key={page.documentId}>
                  <article className="card">
                    <h2 className="audio-collection__title">{page.title}</h2>
                    <p className="audio-library__count">
                      {countLabel(page.audio_excerpts?.length ?? 0, 'recordings')}
                    </p>
                    <RichText html={page.introduction} />
                    <Link className="button button--secondary" to={`${path}/${page.documentId}`}>
                      Listen<span className="visually-hidden">: {page.title}</span>
                    </Link>
                  </article>
                </li>
              ))}
            </ul>
          </div>
        )
      }
    </QueryBoundary>
  );
}
