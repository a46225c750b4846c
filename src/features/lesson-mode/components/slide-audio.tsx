import { AudioPlayer } from '../../../lib/ui/audio-player';
import type { SlideMedia } from '../../../lib/lesson-content/slide-fields';

/** A slide's recording, labelled by its caption (else the slide's title). */
export function SlideAudio({ audio, fallbackTitle }: { audio: SlideMedia | null | undefined; fallbackTitle: string }) {
  if (!audio?.url) return null;
  return (
    <div className="slide-audio">
      <AudioPlayer src={audio.url} title={audio.caption || fallbackTitle} />
    </div>
  );
}
