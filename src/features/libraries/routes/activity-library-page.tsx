import '../../../lib/ui/content.css';
import '../libraries.css';
import { useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useCurrentPath } from '../../../lib/content/route-context';
import { activityGridCard, ActivityCardGrid } from '../../../shared/activities/activity-card-grid';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useActivityLibrary, type LibraryScope } from '../api/activity-libraries';
import { contextPathOf, filterByTitle } from '../utils/activity-filter';
import { countLabel } from '../utils/audio-rules';

/**
 * The activity library (spec part 2, "Libraries"): /{audience}/activities,
 * /{audience}/{programme}/activities and the unscoped /-/-/activity-filter. The filter text lives
 * in ?title= so it survives reloads and can be shared.
 */
export function ActivityLibraryPage() {
  const { audience, programme } = useParams();
  const path = useCurrentPath();
  const [search, setSearch] = useSearchParams();
  const filterId = useId();
  const text = search.get('title') ?? '';
  const scope: LibraryScope = programme
    ? { kind: 'programme', programmeSlug: programme }
    : audience
      ? { kind: 'audience', audienceSlug: audience }
      : { kind: 'all' };
  const query = useActivityLibrary(scope);
  useDocumentTitle(query.data?.title ?? 'Activity Library');

  return (
    <QueryBoundary query={query}>
      {(library) => {
        const entries = library.activities
          ? library.activities.map((activity) => ({ activity, to: contextPathOf(activity) }))
          : library.libraries.flatMap((lib) =>
              lib.activity_section.flatMap((section) =>
                section.activity_pages.map((activity) => ({
                  activity,
                  to: `${path}/${section.documentId}/${activity.documentId}`,
                })),
              ),
            );
        const unique = [
          ...new Map(entries.map((entry) => [entry.activity.documentId, entry])).values(),
        ];
        const shown = filterByTitle(
          unique.map((entry) => ({ ...entry, title: entry.activity.title })),
          text,
        );
        return (
          <div className="activity-library">
            <h1>{library.title}</h1>
            <RichText html={library.introduction} />
            {library.libraries.map((lib) => (
              <section
                key={lib.documentId}
                aria-label={lib.title}
                className="activity-library__sections"
              >
                <RichText html={lib.introduction} />
                <ul className="tag-list">
                  {lib.activity_section.map((section) => (
                    <li key={section.documentId}>
                      <Link to={`${path}/${section.documentId}`}>{section.title}</Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            <div className="field library-filter">
              <label htmlFor={filterId}>Filter activities by title</label>
              <input
                id={filterId}
                type="search"
                value={text}
                onChange={(event) =>
                  setSearch(event.target.value ? { title: event.target.value } : {}, {
                    replace: true,
                  })
                }
              />
            </div>
            <p className="visually-hidden" role="status">
              {countLabel(shown.length, 'activities')}
            </p>
            {shown.length === 0 ? (
              <p>No activities found matching &ldquo;{text}&rdquo;</p>
            ) : (
              <ActivityCardGrid
                cards={shown.map(({ activity, to }) => activityGridCard(activity, to))}
                headingLevel={2}
              />
            )}
          </div>
        );
      }}
    </QueryBoundary>
  );
}
