import '../../../lib/ui/content.css';
import '../custom-units.css';
import { Link, useParams } from 'react-router-dom';
import { selectCanAccessContent, useAuthStore } from '../../../lib/auth/auth-store';
import { ActivityCard } from '../../../shared/activities/activity-card';
import { useCrumbLabel } from '../../../lib/ui/crumb-labels';
import { DocumentList } from '../../../shared/documents/document-list';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { SubscriberOnly } from '../../../lib/ui/subscriber-only';
import { StateHeading } from '../../../lib/ui/state-heading';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useCustomSchemeQuery } from '../api/custom-scheme-query';
import { customLessonView, customUnitView } from '../utils/custom-unit-view';
import { UnitNotFound } from './custom-unit-page';

/** A lesson of a teacher's own unit: /custom-unit/{unit}/lesson/{lesson}. */
export function CustomLessonPage() {
  const { customUnit = '', lesson = '' } = useParams();
  const canAccess = useAuthStore(selectCanAccessContent);
  const ownerId = useAuthStore((state) => state.user?.id ?? null);
  const query = useCustomSchemeQuery({ id: customUnit, ownerId }, canAccess);
  const unitView = query.data ? customUnitView(query.data) : null;
  const found = unitView ? customLessonView(unitView, lesson) : null;
  useDocumentTitle(found ? (found.lesson.page_title ?? found.lesson.title) : 'Lesson');
  useCrumbLabel('customUnit', unitView?.unit.title);
  useCrumbLabel('lesson', found?.lesson.title ?? undefined);
  if (!canAccess) {
    return (
      <div className="narrow">
        <h1>Lesson</h1>
        <SubscriberOnly what="Custom units" />
      </div>
    );
  }
  const unitPath = `/custom-unit/${customUnit}`;
  return (
    <QueryBoundary query={query}>
      {(data) => {
        const view = customUnitView(data);
        if (!view) return <UnitNotFound />;
        const current = customLessonView(view, lesson);
        if (!current) {
          return (
            <div className="narrow">
              <StateHeading>Lesson not found</StateHeading>
              <Link to={unitPath}>Back to the unit</Link>
            </div>
          );
        }
        const path = `${unitPath}/lesson/${lesson}`;
        return (
          <div className="lesson">
            <h1>{current.lesson.title}</h1>
            {!current.lesson.disable_lesson_mode && (
              <p>
                <Link className="button" to={`${path}/slides`}>
                  Start Lesson
                </Link>
              </p>
            )}
            <div className="page-with-sidebar">
              <div>
                <RichText html={current.lesson.introduction} />
                <section aria-labelledby="custom-lesson-activities">
                  <h2 id="custom-lesson-activities">Activities</h2>
                  {current.activities.length === 0 ? (
                    <p>This lesson has no activities yet.</p>
                  ) : (
                    <ol className="custom-lesson__cards">
                      {current.activities.map((activity) => (
                        <li key={activity.documentId}>
                          <ActivityCard
                            title={activity.title}
                            to={`${path}/activity/${activity.documentId}`}
                            time={activity.time}
                            type={activity.type}
                            introduction={activity.lesson_summary ?? activity.introduction}
                            headingLevel={3}
                          />
                        </li>
                      ))}
                    </ol>
                  )}
                </section>
                <p>
                  <Link to={unitPath}>Back to {view.unit.title}</Link>
                </p>
              </div>
              <aside className="sidebar" aria-label="Lesson documents">
                <DocumentList documents={current.lesson.documents} heading="Documents" />
              </aside>
            </div>
          </div>
        );
      }}
    </QueryBoundary>
  );
}
