import type { DraftPreview } from '../api/draft-preview-query';

const NOUN = { lesson: 'lesson', activity: 'activity', programme: 'programme' } as const;

/** Says which version this is, so an editor never mistakes a draft for what teachers see. */
export function PreviewNotice({ preview }: { preview: DraftPreview }) {
  const noun = NOUN[preview.type];
  const saved = preview.updatedAt ? new Date(preview.updatedAt) : null;
  return (
    <div className="notice preview-notice" role="note" aria-label="Preview">
      {preview.status === 'draft' ? (
        <p>
          <strong>Draft preview.</strong> Teachers do not see this version until it is published.{' '}
          {preview.hasPublishedVersion
            ? `They see the ${noun}'s published version until then.`
            : `This ${noun} has never been published.`}
        </p>
      ) : (
        <p>
          <strong>Published version.</strong> This is what teachers see now.
        </p>
      )}
      {saved && !Number.isNaN(saved.getTime()) ? (
        <p>
          Last saved{' '}
          <time dateTime={preview.updatedAt}>
            {saved.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
          . Not stored on this device.
        </p>
      ) : null}
    </div>
  );
}
