import '../../../lib/ui/content.css';
import '../at-home.css';
import { Link, useParams } from 'react-router-dom';
import { useCrumbLabel } from '../../../lib/ui/crumb-labels';
import { DocumentList } from '../../../shared/documents/document-list';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useActivityAtHome } from '../api/activity-at-home';
import { AtHomeMedia } from '../components/at-home-media';
import { LinkNotValid } from '../components/link-not-valid';
import { useLibraryId } from '../components/use-library-id';
import { libraryNeighbours, tagsFrom } from '../utils/library-neighbours';

/** /{audience}/{programme}/at-home/{library}/{activity}: one activity for families. */
export function AtHomeActivityPage() {
  const { activity = '' } = useParams();
  const { libraryId, base } = useLibraryId();
  const query = useActivityAtHome({ id: activity, libraryId: libraryId ?? 0 }, libraryId !== null);
  useDocumentTitle(query.data?.activity?.title ?? 'Music at Home');
  useCrumbLabel('activity', query.data?.activity?.title);
  if (libraryId === null) return <LinkNotValid />;
  return (
    <QueryBoundary query={query}>
      {({ activity: page, library }) => {
        if (!page || !library) return <LinkNotValid />;
        const { previous, next } = libraryNeighbours(library.activity, page.documentId);
        const music = tagsFrom(page.music);
        const equipment = tagsFrom(page.equipment);
        return (
          <div className="at-home">
            <p>
              <Link to={base}>Back to {library.title}</Link>
            </p>
            <h1>{page.title}</h1>
            <div className="page-with-sidebar">
              <div>
                <RichText html={page.introduction} />
                {(page.activity_at_home ?? []).map((material) => (
                  <AtHomeMedia key={material.id} material={material} />
                ))}
              </div>
              <aside className="sidebar" aria-label="Music, equipment and downloads">
                {music.length > 0 && (
                  <>
                    <h2>Music</h2>
                    <ul className="tag-list">
                      {music.map((tag) => (
                        <li key={tag}>{tag}</li>
                      ))}
                    </ul>
                  </>
                )}
                {equipment.length > 0 && (
                  <>
                    <h2>Equipment</h2>
                    <ul className="tag-list">
                      {equipment.map((tag) => (
                        <li key={tag}>{tag}</li>
                      ))}
                    </ul>
                  </>
                )}
                <DocumentList
                  documents={page.activity_at_home_download?.documents}
                  heading="Downloads"
                />
              </aside>
            </div>
            <nav className="at-home__pager" aria-label="Activities in this library">
              {previous && (
                <Link to={`${base}/${previous.documentId}`} rel="prev">
                  Previous activity<span className="visually-hidden">: {previous.title}</span>
                </Link>
              )}
              {next && (
                <Link to={`${base}/${next.documentId}`} rel="next">
                  Next activity<span className="visually-hidden">: {next.title}</span>
                </Link>
              )}
            </nav>
          </div>
        );
      }}
    </QueryBoundary>
  );
}
