import '../../../lib/ui/content.css';
import '../units.css';
import { Link, useParams } from 'react-router-dom';
import { useCanAccessContent, useInPreview } from '../../../lib/preview/in-preview';
import { activityGridCard, ActivityCardGrid } from '../../../shared/activities/activity-card-grid';
import { AvailableOfflineBadge } from '../../../shared/offline/available-offline-badge';
import { DocumentList } from '../../../shared/documents/document-list';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { StateHeading } from '../../../lib/ui/state-heading';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useSchemesQuery, type Scheme } from '../api/schemes-query';
import { SubscriberOnly } from '../../../lib/ui/subscriber-only';
import { UnitDownload } from '../components/unit-download';

/** A unit of work (spec part 2, "Units and lessons"): /{audience}/{programme}/unit/{unit}. */
export function UnitPage() {
  const { audience = '', programme = '', unit = '' } = useParams();
  const query = useSchemesQuery({ id: unit, programmeSlug: programme });
  useDocumentTitle(query.data?.scheme?.title);
  return (
    <QueryBoundary query={query}>
      {(data) =>
        data.scheme ? (
          <UnitView
            scheme={data.scheme}
            programmeSlug={programme}
            base={`/${audience}/${programme}/unit/${unit}`}
          />
        ) : (
          <div className="narrow">
            <StateHeading>Unit not found</StateHeading>
            <Link to={`/${audience}/${programme}`}>Back to the programme</Link>
          </div>
        )
      }
    </QueryBoundary>
  );
}

function UnitView({
  scheme,
  programmeSlug,
  base,
}: {
  scheme: Scheme;
  programmeSlug: string;
  base: string;
}) {
  const canAccess = useCanAccessContent();
  // A preview is never stored on the device: no download, no offline badges.
  const preview = useInPreview();
  const documents = (scheme.documents ?? []).map((file) => ({
    title: file.caption || file.name,
    file,
  }));
  const lessons = scheme.lessons ?? [];
  const activities = scheme.scheme_activities ?? [];
  const sections = scheme.activity_sections ?? [];
  return (
    <div className="unit">
      <h1>{scheme.title}</h1>
      {!canAccess ? (
        <SubscriberOnly what="Units of work" name={scheme.title} />
      ) : (
        <>
          <RichText html={scheme.introduction} />
          {!preview && (
            <UnitDownload
              unitId={scheme.documentId}
              programmeSlug={programmeSlug}
              title={scheme.title}
              path={base}
              lessons={lessons}
            />
          )}
          <div className="page-with-sidebar">
            <div>
              <section aria-labelledby="lessons-heading">
                <h2 id="lessons-heading">Lessons</h2>
                {lessons.length === 0 ? (
                  <p>This unit has no lessons yet.</p>
                ) : (
                  <ol className="unit__lessons">
                    {lessons.map((lesson) => (
                      <li key={lesson.documentId}>
                        <Link to={`${base}/lesson/${lesson.documentId}`}>{lesson.title}</Link>{' '}
                        {!preview && (
                          <AvailableOfflineBadge
                            kind="lesson"
                            contentId={lesson.documentId}
                            within={{ kind: 'unit', contentId: scheme.documentId }}
                          />
                        )}
                      </li>
                    ))}
                  </ol>
                )}
              </section>
              {activities.length > 0 && (
                <section aria-labelledby="unit-activities-heading">
                  <h2 id="unit-activities-heading">Activities</h2>
                  <ActivityCardGrid
                    cards={activities.flatMap((entry) =>
                      entry.activity
                        ? [
                            {
                              ...activityGridCard(
                                entry.activity,
                                `${base}/activity/${entry.activity.documentId}`,
                              ),
                              // An activity may stand twice in a unit: its entry tells them apart.
                              key: entry.id,
                              title: entry.title || entry.activity.title,
                            },
                          ]
                        : [],
                    )}
                  />
                </section>
              )}
              {sections.length > 0 && (
                <section aria-labelledby="unit-sections-heading">
                  <h2 id="unit-sections-heading">Activity sections</h2>
                  <ul className="unit__sections">
                    {sections.map((entry) =>
                      entry.activity_section ? (
                        <li key={entry.id}>
                          <Link to={`${base}/activities/${entry.activity_section.documentId}`}>
                            {entry.title || entry.activity_section.title}
                          </Link>
                        </li>
                      ) : null,
                    )}
                  </ul>
                </section>
              )}
            </div>
            <aside className="sidebar" aria-label="Unit documents">
              <DocumentList documents={documents} heading="Documents" />
            </aside>
          </div>
        </>
      )}
    </div>
  );
}
