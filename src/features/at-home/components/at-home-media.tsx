import { documentHref } from '../../../lib/content/documents';
import { parseEmbed, type MediaFile } from '../../../lib/content/media';
import { AudioPlayer } from '../../../shared/media/audio-player';
import { CmsImage } from '../../../shared/media/cms-image';
import { CmsVideo } from '../../../shared/media/cms-video';
import { DocumentLink } from '../../../shared/documents/document-link';
import { RichText } from '../../../lib/ui/rich-text';
import { useOnline } from '../../../lib/ui/use-online';
import { VideoEmbed } from '../../../shared/media/video-embed';
import type { AtHomeMaterial } from '../api/activity-at-home';

/** One piece of at-home material: its title, text, and each file shown the way its type plays. */
export function AtHomeMedia({ material }: { material: AtHomeMaterial }) {
  return (
    <section className="at-home__material" aria-label={material.title ?? 'At-home activity'}>
      {material.title && <h2>{material.title}</h2>}
      <RichText html={material.description} />
      {(material.media ?? []).map((file, index) => (
        <MediaFileView
          key={file.documentId ?? `${file.url}-${index}`}
          file={file}
          title={material.title ?? 'At-home activity'}
          decorative={material.media_decorative === true}
        />
      ))}
      <CmsVideo
        video={{ embed: material.mediaEmbed }}
        title={parseEmbed(material.mediaEmbed)?.title ?? material.title ?? 'Video'}
        width={640}
        height={480}
      />
    </section>
  );
}

function MediaFileView({
  file,
  title,
  decorative,
}: {
  file: MediaFile;
  title: string;
  /** The editor marked the material's pictures decorative: alt="" (WCAG 1.1.1). */
  decorative: boolean;
}) {
  const online = useOnline();
  const mime = file.mime ?? '';
  if (mime.startsWith('image/'))
    return (
      <CmsImage
        image={file}
        formats={['medium', 'small']}
        className="at-home__image"
        alt={decorative ? '' : undefined}
      />
    );
  if (mime.startsWith('audio/'))
    return <AudioPlayer src={file.url} title={file.caption || file.name || title} />;
  if (mime.startsWith('video/'))
    return <VideoEmbed file={file} title={file.caption || title} width={640} height={480} />;
  return (
    <p data-snapshot-omit>
      <DocumentLink href={documentHref(file, online)}>
        {file.caption || file.name || 'Download'}
      </DocumentLink>
    </p>
  );
}
