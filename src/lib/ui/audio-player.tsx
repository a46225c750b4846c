import './content.css';
import { useId } from 'react';
import { Transcript } from './transcript';

/**
 * A native audio player with a visible label. `preload="none"` keeps pages with many recordings
 * from fetching them all; uploaded audio plays offline from the media cache once downloaded.
 * A song's words or a spoken recording's transcript, when the CMS has one, open under the player.
 */
export function AudioPlayer({
  src,
  title,
  caption,
  transcript,
  hideTitle = false,
}: {
  src: string;
  title: string;
  caption?: string | null;
  /** Rich text: lyrics or a transcript (WCAG 1.2.1), behind a "Transcript" disclosure. */
  transcript?: string | null;
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
      {/* Audio has no picture to caption: its text alternative is the transcript below. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio controls preload="none" src={src} aria-labelledby={id} />
      <Transcript html={transcript} title={title} />
    </figure>
  );
}
