import '../../lib/ui/content.css';
import { imageSource, type ImageFormat, type MediaFile } from '../../lib/content/media';

/**
 * An image from the CMS in the format the layout needs (so a download stores the same file the
 * page shows). Decorative unless the CMS gives alternative text or the caller passes `alt`.
 * `eager` is for an image at the top of its page (a banner, a slide's picture): it is usually the
 * page's largest paint, and its address is known only once the CMS answered, so it is fetched at
 * high priority rather than behind the scripts and styles already queued (Lighthouse's LCP advice).
 */
export function CmsImage({
  image,
  formats,
  alt,
  className,
  eager = false,
}: {
  image: MediaFile | null | undefined;
  formats?: ImageFormat[];
  alt?: string;
  className?: string;
  eager?: boolean;
}) {
  if (!image?.url) return null;
  const source = imageSource(image, formats);
  return (
    <img
      src={source.url}
      width={source.width}
      height={source.height}
      alt={alt ?? image.alternativeText ?? ''}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
}
