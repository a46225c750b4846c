import '../../../lib/ui/content.css';
import '../libraries.css';
import { Link, useParams } from 'react-router-dom';
import { useCurrentPath } from '../../../lib/content/route-context';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useAudioLibraries, type AudioScope } from '../api/audio-libraries';
import { countLabel } from '../utils/audio-rules';

/**
 * The audio library (spec part 2, "Libraries"): /audiolibrary (every library), /{audience}/audiolibrary
 * and /{audience}/{programme}/audio. Pages open at {path}/page/{ids} (at {path}/{id} under a
 * programme), collections at {path}/collection/{id}.
 */
export function AudioLibraryPage() {
  const { audience, programme } = useParams();
  const path = useCurrentPath();
  const scope: AudioScope = programme
    ? { kind: 'programme', programmeSlug: programme }
    : audience
      ? { kind: 'audience', audienceSlug: audience }
      : { kind: 'all' };
  const pagePath = (ids: string[]) =>
    programme ? `${path}/${ids.join(',')}` : `${path}/page/${ids.join(',')}`;
  const query = useAudioLibraries(scope);
  useDocumentTitle(query.data?.title ?? 'Audio Library');
  return (
    <QueryBoundary query={query}>
      {(view) => (
        <div className="audio-library">
          <h1>{view.title}</h1>
          <RichText html={view.introduction} />
          {view.libraries.length === 0 && <p>There are no recordings here yet.</p>}
          {view.libraries.map((library) => (
            <section key={library.documentId} aria-labelledby={`library-${library.documentId}`}>
              <h2 id={`library-${library.documentId}`}>{library.title}</h2>
              <RichText html={library.introduction} />
              <ul className="card-grid">
                {library.audio_page_container.map((container) => (
                  <li key={container.documentId}>
                    <article className="card">
                      <h3>{container.title}</h3>
                      <p className="audio-library__count">
                        {countLabel(container.audio_page.length, 'songs')}
                      </p>
                      <RichText html={container.blurb} />
                      <Link
                        className="button button--secondary"
                        to={`${path}/collection/${container.documentId}`}
                      >
                        Open collection<span className="visually-hidden">: {container.title}</span>
                      </Link>
                    </article>
                  </li>
                ))}
                {library.audio_page.map((page) => (
                  <li key={page.documentId}>
                    <article className="card">
                      <h3>{page.title}</h3>
                      <p className="audio-library__count">
                        {countLabel(page.audio_excerpts?.length ?? 0, 'recordings')}
                      </p>
                      <Link className="button button--secondary" to={pagePath([page.documentId])}>
                        Listen<span className="visually-hidden">: {page.title}</span>
                      </Link>
                    </article>
                  </li>
                ))}
              </ul>
              {library.audio_page.length > 1 && (
                <Link to={pagePath(library.audio_page.map((page) => page.documentId))}>
                  Listen to all of {library.title} on one page
                </Link>
              )}
            </section>
          ))}
        </div>
      )}
    </QueryBoundary>
  );
}
