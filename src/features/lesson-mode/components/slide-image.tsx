import { CmsImage } from '../../../shared/media/cms-image';
import type { SlideMedia } from '../../../lib/lesson-content/slide-fields';

/** A slide's image at its original size (projected full-screen), loaded at once, never lazily. */
export function SlideImage({
  image,
  className,
}: {
  image: SlideMedia | null | undefined;
  className?: string;
}) {
  if (!image?.url) return null;
  return (
    <figure className={className ? `slide-image ${className}` : 'slide-image'}>
      <CmsImage image={image} formats={[]} eager />
    </figure>
  );
}
