import { AudioPlayer } from '../../../shared/media/audio-player';
import type { SlideMedia } from '../../../lib/lesson-content/slide-fields';

/**
 * A slide's recording, labelled by its caption (else the slide's title), with its words behind
 * "Transcript" when the slide has them.
 */
export function SlideAudio({
  audio,
  fallbackTitle,
  transcript,
}: {
  audio: SlideMedia | null | undefined;
  fallbackTitle: string;
  transcript?: string | null;
}) {
  if (!audio?.url) return null;
  return (
    <div className="slide-audio">
      <AudioPlayer src={audio.url} title={audio.caption || fallbackTitle} transcript={transcript} />
    </div>
  );
}
