import { CmsImage } from '../../../shared/media/cms-image';
import type { SlideMedia } from '../../../lib/lesson-content/slide-fields';

/**
 * A slide's image at its original size (projected full-screen), loaded at once, never lazily.
 * Its alt text is the Media Library's alternative text, or empty when the editor marked the
 * image decorative (screen readers then skip it).
 */
export function SlideImage({
  image,
  decorative,
  className,
}: {
  image: SlideMedia | null | undefined;
  decorative?: boolean | null;
  className?: string;
}) {
  if (!image?.url) return null;
  return (
    <figure className={className ? `slide-image ${className}` : 'slide-image'}>
      <CmsImage image={image} formats={[]} eager alt={decorative ? '' : undefined} />
    </figure>
  );
}
