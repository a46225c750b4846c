import { useId, useLayoutEffect, useRef, useState } from 'react';
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
  mediaPoster = null,
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
  /** A still of the film, so the player is not an empty black box before it plays. */
  mediaPoster?: string | null;
}) {
  const fieldId = useId();
  const [copied, setCopied] = useState(false);
  const section = useRef<HTMLElement>(null);
  // The poster is set on the player this panel shows rather than through the shared player, whose
  // code every visitor's first page loads (a budget with no room for it): an uploaded film shows
  // the still until it plays instead of a black box; a video site's player has its own. Set in the
  // commit that draws the player, so no frame shows it without (nor differs from a snapshot of it).
  useLayoutEffect(() => {
    const film = section.current?.querySelector('video');
    if (!film) return;
    if (mediaPoster) film.poster = mediaPoster;
    else film.removeAttribute('poster');
  }, [mediaPoster, mediaEmbed]);
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
    <section ref={section} className="music-at-home" aria-labelledby={`${fieldId}-heading`}>
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
