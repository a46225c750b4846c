import { Link } from 'react-router-dom';
import './lesson-update-notice.css';
import { UPDATE_STOPPED } from '../../lib/offline/download-failure';
import { useLessonFreshness } from './use-lesson-freshness';

/**
 * Tells a teacher with a downloaded lesson that the CMS has a newer version: the lesson page
 * updates by itself and says so; lesson mode offers 'Update now' and waits for it. The status line
 * is always in the page, so what it says is announced when it changes.
 */
export function LessonUpdateNotice({
  lessonId,
  unitId,
  autoUpdate,
}: {
  lessonId: string;
  unitId?: string;
  autoUpdate: boolean;
}) {
  const { newer, phase, failure, online, update } = useLessonFreshness({
    lessonId,
    unitId,
    autoUpdate,
  });
  const offer = (newer && phase === 'idle' && !autoUpdate) || phase === 'failed';
  const text =
    phase === 'updating'
      ? 'A newer version of this lesson is available. Updating it now…'
      : phase === 'updated'
        ? 'This lesson is updated to the newest version.'
        : phase === 'failed'
          ? (failure?.message ?? UPDATE_STOPPED)
          : newer
            ? 'A newer version of this lesson is available.'
            : '';
  return (
    <div
      className={text ? 'lesson-update-notice' : 'lesson-update-notice lesson-update-notice--quiet'}
    >
      <p role="status" className="lesson-update-notice__text">
        {text}
      </p>
      {phase === 'failed' && failure?.deviceFull && (
        <Link to="/offline">Free space on the storage page</Link>
      )}
      {offer && (
        <button
          type="button"
          className="button button--secondary"
          disabled={!online}
          onClick={() => void update()}
        >
          Update now
        </button>
      )}
      {offer && !online && <span>Connect to the internet to update it.</span>}
    </div>
  );
}
