import '../../lib/ui/content.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  CONTEXT_PATH_UNAVAILABLE,
  hasUsableContextPath,
  timeLabel,
} from '../../lib/content/activity-time';
import { RichText } from '../../lib/ui/rich-text';

/**
 * The activity card used by lessons, sections, libraries, projects, live productions and
 * playlists: title, time ('Free-flow' when none) and a short introduction. A link whose path
 * was built from a missing value shows the spec's 'link to activity library not available'.
 */
export function ActivityCard({
  title,
  to,
  time,
  type,
  introduction,
  linkLabel = 'View activity',
  headingLevel = 3,
  footer,
}: {
  title: string;
  to: string | null | undefined;
  time?: string | null;
  /** The activity's type (e.g. 'Singing'), shown after the time. */
  type?: string | null;
  introduction?: string | null;
  linkLabel?: string;
  headingLevel?: 2 | 3 | 4;
  footer?: ReactNode;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="activity-card">
      <Heading className="activity-card__title">{title}</Heading>
      <p className="activity-card__time">
        <span className="visually-hidden">Time: </span>
        {timeLabel(time)}
        {type && <span className="activity-card__type"> · {type}</span>}
      </p>
      <RichText html={introduction} className="activity-card__intro" />
      {hasUsableContextPath(to) ? (
        <Link to={to} className="button button--secondary activity-card__link">
          {linkLabel}
          <span className="visually-hidden">: {title}</span>
        </Link>
      ) : (
        <p className="activity-card__unavailable">{CONTEXT_PATH_UNAVAILABLE}</p>
      )}
      {footer}
    </article>
  );
}
