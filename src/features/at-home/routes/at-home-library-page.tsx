import '../../../lib/ui/content.css';
import '../at-home.css';
import { Link } from 'react-router-dom';
import { timeLabel } from '../../../lib/content/activity-time';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useAtHomeLibrary } from '../api/activity-at-home-library';
import { LinkNotValid } from '../components/link-not-valid';
import { useLibraryId } from '../components/use-library-id';

/** /{audience}/{programme}/at-home/{library}: a Music at Home library for families (no navigation). */
export function AtHomeLibraryPage() {
  const { libraryId, base } = useLibraryId();
  const query = useAtHomeLibrary({ libraryId: libraryId ?? 0 }, libraryId !== null);
  useDocumentTitle(query.data?.title ?? 'Music at Home');
  if (libraryId === null) return <LinkNotValid />;
  return (
    <QueryBoundary query={query}>
      {(library) =>
        !library ? (
          <LinkNotValid />
        ) : (
          <div className="at-home">
            <h1>{library.title}</h1>
            <RichText html={library.introduction} />
            {(library.activity ?? []).length === 0 ? (
              <p>There are no activities in this library yet.</p>
            ) : (
              <ul className="card-grid">
                {(library.activity ?? []).map((activity) => (
                  <li key={activity.documentId}>
                    <article className="card at-home__card">
                      <h2>{activity.title}</h2>
                      <p className="at-home__time">{timeLabel(activity.time)}</p>
                      <RichText html={activity.introduction} />
                      <Link className="button" to={`${base}/${activity.documentId}`}>
                        Explore<span className="visually-hidden">: {activity.title}</span>
                      </Link>
                    </article>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )
      }
    </QueryBoundary>
  );
}
