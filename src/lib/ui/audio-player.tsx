import './content.css';
import { useId } from 'react';

/**
 * A native audio player with a visible label. `preload="none"` keeps pages with many recordings
 * from fetching them all; uploaded audio plays offline from the media cache once downloaded.
 */
export function AudioPlayer({
  src,
  title,
  caption,
  hideTitle = false,
}: {
  src: string;
  title: string;
  caption?: string | null;
  /** When a heading right above already names the recording, the label is for screen readers only. */
  hideTitle?: boolean;
}) {
  const id = useId();
  return (
    <figure className="audio-player">
      <figcaption id={id} className={hideTitle ? 'visually-hidden' : undefined}>
        <span className="audio-player__title">{title}</span>
        {caption && caption !== title && <span className="audio-player__caption">{caption}</span>}
      </figcaption>
      {/* Recordings of music: there is no speech to caption, and the CMS has no track field. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio controls preload="none" src={src} aria-labelledby={id} />
    </figure>
  );
}
