import './content.css';
import { useId } from 'react';

/**
 * A native audio player with a visible label. `preload="none"` keeps pages with many recordings
 * from fetching them all; uploaded audio plays offline from the media cache once downloaded.
 */
export function AudioPlayer({ src, title, caption }: { src: string; title: string; caption?: string | null }) {
  const id = useId();
  return (
    <figure className="audio-player">
      <figcaption id={id}>
        <span className="audio-player__title">{title}</span>
        {caption && caption !== title && <span className="audio-player__caption">{caption}</span>}
      </figcaption>
      {/* Recordings of music: there is no speech to caption, and the CMS has no track field. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio controls preload="none" src={src} aria-labelledby={id} />
    </figure>
  );
}
