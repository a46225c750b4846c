import { AudioPlayer } from '../../../shared/media/audio-player';
import type { FeatureBoxAudio as FeatureBoxAudioData } from '../api/audience-query';

/**
 * A card's audio (spec part 2, "Landing pages": "An audio player shows if audio is attached"):
 * the attached audio page's first recording, named by the page and the recording.
 */
export function FeatureBoxAudio({ audio }: { audio: FeatureBoxAudioData | null | undefined }) {
  const excerpt = (audio?.audio_excerpts ?? []).find((candidate) => candidate.audio_file?.url);
  if (!audio || !excerpt?.audio_file) return null;
  return (
    <div className="feature-box__audio">
      <AudioPlayer
        src={excerpt.audio_file.url}
        title={audio.title}
        caption={excerpt.title || excerpt.audio_file.caption}
      />
    </div>
  );
}
