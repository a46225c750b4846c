import '../../../lib/ui/content.css';
import '../units.css';
import { Fragment } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useCanAccessContent, useInPreview } from '../../../lib/preview/in-preview';
import { ActivityCard } from '../../../shared/activities/activity-card';
import { useCrumbLabel } from '../../../lib/ui/crumb-labels';
import { DocumentList } from '../../../shared/documents/document-list';
import { LessonUpdateNotice } from '../../../shared/offline/lesson-update-notice';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { StateHeading } from '../../../lib/ui/state-heading';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useSchemeLessons, type Lesson } from '../api/scheme-lessons-query';
import { LessonDownload } from '../components/lesson-download';
import { SubscriberOnly } from '../../../lib/ui/subscriber-only';
import { nextLesson } from '../utils/next-lesson';

/** A lesson overview (spec part 2, "Units and lessons"): .../unit/{unit}/lesson/{lesson}. */
export function LessonPage() {
  const { audience = '', programme = '', unit = '', lesson = '' } = useParams();
  const canAccess = useCanAccessContent();
  const query = useSchemeLessons({ lessonId: lesson, schemeId: unit }, canAccess);
  const title = query.data?.lesson?.title;
  useDocumentTitle(query.data?.lesson?.page_title ?? title);
  useCrumbLabel('lesson', title);
  const unitPath = `/${audience}/${programme}/unit/${unit}`;
  if (!canAccess) {
    return (
      <div className="narrow">
        <h1>Lesson</h1>
        <SubscriberOnly what="Lessons" name="Lesson" />
      </div>
    );
  }
  return (
    <QueryBoundary query={query}>
      {(data) =>
        data.lesson ? (
          <LessonView
            lesson={data.lesson}
            unitId={unit}
            unitPath={unitPath}
            next={nextLesson(data.scheme?.lessons, lesson)}
          />
        ) : (
          <div className="narrow">
            <StateHeading>Lesson not found</StateHeading>
            <Link to={unitPath}>Back to the unit</Link>
          </div>
        )
      }
    </QueryBoundary>
  );
}

/**
 * An activity card's heading sits under the last section divider's h3 when one comes before it,
 * else right under 'Activities' (h2): no level is skipped (WCAG 1.3.1).
 */
function underDivider(entries: { section_divider: boolean | null }[], index: number): boolean {
  return entries.slice(0, index).some((entry) => entry.section_divider);
}

function LessonView({
  lesson,
  unitId,
  unitPath,
  next,
}: {
  lesson: Lesson;
  unitId: string;
  unitPath: string;
  next: { documentId: string; title: string } | null;
}) {
  const path = `${unitPath}/lesson/${lesson.documentId}`;
  const preview = useInPreview();
  return (
    <div className="lesson">
      <h1>{lesson.title}</h1>
      {/* Outside lesson mode a downloaded lesson updates by itself when the CMS has a newer one. */}
      {!preview && <LessonUpdateNotice lessonId={lesson.documentId} unitId={unitId} autoUpdate />}
      <div className="lesson__actions">
        {!lesson.disable_lesson_mode && (
          <Link className="button" to={`${path}/slides`}>
            Start Lesson
          </Link>
        )}
        {/* A preview is never stored on the device. */}
        {!preview && (
          <LessonDownload
            lessonId={lesson.documentId}
            schemeId={unitId}
            title={lesson.title}
            path={path}
          />
        )}
      </div>
      <div className="page-with-sidebar">
        <div>
          <RichText html={lesson.introduction} />
          <section aria-labelledby="lesson-activities-heading">
            <h2 id="lesson-activities-heading">Activities</h2>
            <ol className="lesson__cards">
              {(lesson.activity ?? []).map((entry, index, entries) =>
                entry.section_divider ? (
                  <li key={entry.id} className="lesson__divider">
                    <h3>{entry.title}</h3>
                  </li>
                ) : entry.activity ? (
                  <li key={entry.id}>
                    <ActivityCard
                      title={entry.title || entry.activity.title}
                      to={`${path}/activity/${entry.activity.documentId}`}
                      time={entry.activity.time}
                      type={entry.activity.type}
                      introduction={entry.activity.lesson_summary ?? entry.activity.introduction}
                      headingLevel={underDivider(entries, index) ? 4 : 3}
                    />
                  </li>
                ) : null,
              )}
            </ol>
          </section>
          {(lesson.extensionactivities ?? []).length > 0 && (
            <section aria-labelledby="extension-heading">
              <h2 id="extension-heading">Extension activities</h2>
              {(lesson.extensionactivities ?? []).map((extension) => (
                <Fragment key={extension.id}>
                  {extension.title && <h3>{extension.title}</h3>}
                  <RichText html={extension.introduction} />
                  <ul className="lesson__cards">
                    {(extension.activities ?? []).map((activity) => (
                      <li key={activity.documentId}>
                        <ActivityCard
                          title={activity.title}
                          to={`${path}/activity/${activity.documentId}`}
                          time={activity.time}
                          type={activity.type}
                          introduction={activity.introduction}
                          headingLevel={extension.title ? 4 : 3}
                        />
                      </li>
                    ))}
                  </ul>
                  <DocumentList
                    documents={extension.documents}
                    heading={`${extension.title ?? 'Extension'} documents`}
                    headingLevel={3}
                  />
                </Fragment>
              ))}
            </section>
          )}
          {next && (
            <Link
              className="button button--secondary lesson__next"
              to={`${unitPath}/lesson/${next.documentId}`}
            >
              Next lesson<span className="visually-hidden">: {next.title}</span>
            </Link>
          )}
        </div>
        <aside className="sidebar" aria-label="Lesson documents">
          <DocumentList documents={lesson.documents} heading="Documents" />
        </aside>
      </div>
    </div>
  );
}
