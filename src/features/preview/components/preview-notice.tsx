import type { PreviewType } from '../api/preview-queries';

const NOUN: Record<PreviewType, string> = {
  lesson: 'lesson',
  activity: 'activity',
  unit: 'unit',
  programme: 'programme',
  slideshow: 'slideshow',
};

/**
 * Says which version this is, on every preview page (lesson mode too), so an editor never
 * mistakes a draft for what teachers see. It sits above the page, in the flow: it covers nothing.
 */
export function PreviewNotice({
  type,
  status,
}: {
  type: PreviewType;
  status: 'draft' | 'published';
}) {
  return (
    <div className="notice preview-notice" role="note" aria-label="Preview">
      {status === 'draft' ? (
        <p>
          <strong>Draft preview</strong> — teachers do not see this {NOUN[type]} until it is
          published. Not stored on this device.
        </p>
      ) : (
        <p>
          <strong>Published version.</strong> This is what teachers see now. Not stored on this
          device.
        </p>
      )}
    </div>
  );
}
