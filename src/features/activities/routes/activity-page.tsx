import '../../../lib/ui/content.css';
import '../activities.css';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useCanAccessContent, useInPreview } from '../../../lib/preview/in-preview';
import { timeLabel } from '../../../lib/content/activity-time';
import { useAudienceSlug } from '../../../lib/content/route-context';
import { activityGridCard, ActivityCardGrid } from '../../../shared/activities/activity-card-grid';
import { useCrumbLabel } from '../../../lib/ui/crumb-labels';
import { DocumentList } from '../../../shared/documents/document-list';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { TabLinks } from '../../../lib/ui/tab-links';
import { StateHeading } from '../../../lib/ui/state-heading';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useActivityPage, type ActivityPageResult } from '../api/activity-page-query';
import { ActivityOptionDetails } from '../components/activity-option-details';
import { AddToPlaylistButton } from '../components/add-to-playlist-button';
import { activityBasePath, chooseById, lessonContext, nextInLesson } from '../utils/activity-rules';

/**
 * An activity (spec part 2, "Activity page"), mounted under units, lessons, libraries, projects
 * and live productions: it reads the activity, option and delivery parameters, and the lesson
 * when there is one (for 'Next:').
 */
export function ActivityPage() {
  const { activity = '', lesson, customUnit } = useParams();
  const canAccess = useCanAccessContent();
  const query = useActivityPage({
    id: activity,
    lessonId: lesson ?? '-',
    inLesson: Boolean(lesson) && !customUnit && canAccess,
    withSlides: canAccess,
    customSchemeId: customUnit ?? '-',
    inCustomLesson: Boolean(lesson) && Boolean(customUnit) && canAccess,
  });
  const title = query.data?.activityPage?.title;
  useDocumentTitle(title);
  // The lesson's and the custom unit's crumbs: their pages are not mounted here.
  useCrumbLabel('activity', title);
  useCrumbLabel('lesson', query.data ? lessonContext(query.data, lesson)?.title : null);
  useCrumbLabel('customUnit', query.data?.customScheme?.title);
  return <QueryBoundary query={query}>{(data) => <ActivityView data={data} />}</QueryBoundary>;
}

function ActivityView({ data }: { data: ActivityPageResult }) {
  const {
    activity: activityId = '',
    option: optionParam,
    delivery: deliveryParam,
    lesson: lessonId,
  } = useParams();
  const { pathname } = useLocation();
  const audienceSlug = useAudienceSlug();
  const preview = useInPreview();
  const activity = data.activityPage;
  if (!activity) {
    return (
      <div className="narrow">
        <StateHeading>Activity not found</StateHeading>
        <p>There is no activity at this address.</p>
      </div>
    );
  }
  const base = activityBasePath(pathname, activityId);
  const parent = base.slice(0, base.lastIndexOf('/'));
  const option = chooseById(activity.activity_option, optionParam);
  const optionPath = option ? `${base}/${option.documentId}` : base;
  const next = nextInLesson(data, activity.documentId);
  const music = option?.music ?? activity.music;
  const equipment = option?.equipment ?? activity.equipment;
  const lessonModeOn = !lessonContext(data, lessonId)?.lessonModeOff;

  return (
    <article className="activity-page">
      <h1>{activity.title}</h1>
      <div className="activity-page__actions">
        {activity.activity_slideshow && lessonModeOn && (
          <Link className="button" to={`${base}/slides`}>
            Start Activity
          </Link>
        )}
        {/* A preview is never stored on the device. */}
        {!preview && (
          <AddToPlaylistButton
            request={{
              kind: 'activity',
              itemId: activity.documentId,
              title: activity.title,
              contextPath: base,
              details: {
                time: activity.time,
                type: activity.type,
                introduction: activity.introduction,
              },
            }}
          />
        )}
      </div>
      <div className="page-with-sidebar">
        <div>
          <TabLinks
            label="Activity options"
            currentKey={option?.documentId ?? null}
            tabs={activity.activity_option.map((entry) => ({
              key: entry.documentId,
              label: entry.title,
              to: `${base}/${entry.documentId}`,
            }))}
          />
          {option ? (
            <>
              {activity.activity_option.length > 1 && (
                <h2 className="activity-page__option-title">{option.title}</h2>
              )}
              <ActivityOptionDetails
                option={option}
                audienceSlug={audienceSlug}
                deliveryParam={deliveryParam}
                optionPath={optionPath}
              />
              <DocumentList documents={option.documents} heading="Documents" />
            </>
          ) : (
            <RichText html={activity.introduction} />
          )}
          {next && (
            <p className="activity-page__next">
              <Link to={`${parent}/${next.documentId}`}>Next: {next.title}</Link>
            </p>
          )}
        </div>
        <aside className="sidebar" aria-label="About this activity">
          <dl className="activity-facts">
            <div>
              <dt>Time</dt>
              <dd>{timeLabel(option?.time ?? activity.time)}</dd>
            </div>
            {music && (
              <div>
                <dt>Music</dt>
                <dd>{music}</dd>
              </div>
            )}
            {equipment && (
              <div>
                <dt>Equipment</dt>
                <dd>{equipment}</dd>
              </div>
            )}
          </dl>
        </aside>
      </div>
      {activity.related_activities.length > 0 && (
        <section aria-labelledby="related-heading">
          <h2 id="related-heading">More activities like this:</h2>
          <ActivityCardGrid
            cards={activity.related_activities.map((related) =>
              activityGridCard(related, `${parent}/${related.documentId}`),
            )}
          />
        </section>
      )}
    </article>
  );
}
