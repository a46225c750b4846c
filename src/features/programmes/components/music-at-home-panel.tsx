import { useId, useState } from 'react';
import { atHomeLink, encodeAtHomeLibrary } from '../../../lib/content/at-home-link';
import type { CaptionTrack } from '../../../lib/content/media';
import { CmsVideo, hasCmsVideo } from '../../../shared/media/cms-video';
import { RichText } from '../../../lib/ui/rich-text';
import { Transcript } from '../../../shared/media/transcript';

/**
 * Music at Home (spec part 2, "Programme page"): a link families can use without an account,
 * built on this device from the first at-home library and the teacher's id. 'Copy' becomes
 * 'Copied!'; where the clipboard is refused, the browser's prompt offers the link to copy.
 */
export function MusicAtHomePanel({
  audience,
  programme,
  libraryNumericId,
  userId,
  introduction,
  mediaIntroduction,
  mediaEmbed,
  mediaCaptions,
  mediaTranscript,
}: {
  audience: string;
  programme: string;
  libraryNumericId: number;
  userId: number;
  introduction: string | null;
  mediaIntroduction: string | null;
  mediaEmbed: string | null;
  /** The film's WebVTT captions, as `<track>`s (an external embed cannot carry them). */
  mediaCaptions: CaptionTrack[] | null;
  mediaTranscript: string | null;
}) {
  const fieldId = useId();
  const [copied, setCopied] = useState(false);
  const link = atHomeLink(
    window.location.origin,
    audience,
    programme,
    encodeAtHomeLibrary(libraryNumericId, userId),
  );

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      window.prompt('Copy to clipboard', link);
    }
  }

  return (
    <section className="music-at-home" aria-labelledby={`${fieldId}-heading`}>
      <h2 id={`${fieldId}-heading`}>Music at Home</h2>
      <RichText html={introduction} />
      <RichText html={mediaIntroduction} />
      {hasCmsVideo({ embed: mediaEmbed }) && (
        <>
          <CmsVideo
            video={{ embed: mediaEmbed }}
            title="Music at Home"
            captions={mediaCaptions}
            width={640}
            height={480}
          />
          <Transcript html={mediaTranscript} title="Music at Home film" />
        </>
      )}
      <label htmlFor={fieldId}>Link for families</label>
      <div className="music-at-home__link">
        <input
          id={fieldId}
          type="text"
          readOnly
          value={link}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button" onClick={() => void copy()}>
          {copied ? 'Copied!' : 'Copy'}
        </button>
      </div>
    </section>
  );
}
