import { hasCmsVideo } from '../../../shared/media/cms-video';
import { useAudioDescription } from '../../../shared/media/audio-description-setting';
import {
  AudioDescriptionSwitch,
  FilmWithDescription,
} from '../../../shared/media/audio-description-switch';
import { hasAudioDescription } from '../../../shared/media/described-video';
import { Transcript } from '../../../shared/media/transcript';
import type { CpdSessionData } from '../api/cpd-sessions';

/**
 * A CPD session's film, 450 high (spec part 2, "Professional development (CPD)"), with its
 * transcript. Embed text that cannot play shows "This video could not be shown"; a video entry an
 * editor left empty shows nothing. A film with an audio description has lesson mode's 'Audio
 * description' switch under it (WCAG 1.2.5), the device's one choice for every film.
 */
export function CpdSessionVideo({ session }: { session: Pick<CpdSessionData, 'title' | 'video'> }) {
  const { video } = session;
  const [describing, setDescribing] = useAudioDescription();
  if (!video || !hasCmsVideo(video)) return null;
  const title = video.title || session.title;
  return (
    <div className="cpd-session-video">
      <FilmWithDescription
        video={video}
        title={title}
        describing={describing}
        width={800}
        height={450}
      />
      {hasAudioDescription(video) && (
        <p className="cpd-session-video__switches">
          <AudioDescriptionSwitch
            className="button button--secondary"
            title={title}
            on={describing}
            onChange={() => setDescribing(!describing)}
          />
        </p>
      )}
      <Transcript html={video.transcript} title={title} />
    </div>
  );
}
