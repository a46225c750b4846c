import '../../lib/ui/content.css';
import { useId, useRef } from 'react';
import { PracticeControls } from '../practice/practice-controls';
import { usePracticeAudio } from '../practice/use-practice-audio';
import { Transcript } from './transcript';

/**
 * A native audio player with a visible label. `preload="none"` keeps pages with many recordings
 * from fetching them all; uploaded audio plays offline from the media cache once downloaded.
 * Under it, a "Practice" disclosure (loop a section, tempo with the pitch kept, count-in) whose
 * settings are remembered per recording; then, when the CMS has them, a song's words or a
 * spoken recording's transcript.
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
  const audioRef = useRef<HTMLAudioElement>(null);
  const playerRef = useRef<HTMLElement>(null);
  const practice = usePracticeAudio(src, audioRef, playerRef);
  return (
    <figure className="audio-player" ref={playerRef}>
      <figcaption id={id} className={hideTitle ? 'visually-hidden' : undefined}>
        <span className="audio-player__title">{title}</span>
        {caption && caption !== title && <span className="audio-player__caption">{caption}</span>}
      </figcaption>
      {/* Audio has no picture to caption: its text alternative is the transcript below. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio ref={audioRef} controls preload="none" src={src} aria-labelledby={id} />
      <PracticeControls title={title} practice={practice} />
      {/* One polite region per player: each practice change is said once ("Tempo 75 %"). */}
      <p className="visually-hidden" role="status">
        {practice.announcement}
      </p>
      <Transcript html={transcript} title={title} />
    </figure>
  );
}
