import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import '../../lib/ui/content.css';
import {
  isUploadedMedia,
  isSafeMediaUrl,
  parseEmbed,
  playableCaptions,
} from '../../lib/content/media';
import type { CaptionTrack, DescriptionTrack, MediaFile } from '../../lib/content/media';

/** A film with what its audio description needs (shared.video's fields). */
export interface DescribedVideoFields {
  embed?: string | null;
  file?: MediaFile | null;
  captions?: CaptionTrack[] | null;
  /** WebVTT text descriptions (kind "descriptions"); the first is read out. */
  descriptions?: DescriptionTrack[] | null;
  /** The same film with the descriptions in its soundtrack. */
  described_file?: Pick<MediaFile, 'url'> | null;
}

/** The film's own uploaded file (or an /uploads address pasted as its Embed), if it has one. */
function uploadedSource(video: DescribedVideoFields): string | null {
  if (video.file?.url) return video.file.url;
  const embed = parseEmbed(video.embed)?.url;
  return embed && isUploadedMedia(embed) ? embed : null;
}

/** The first descriptions file at a safe address (uploads are same origin: offline once stored). */
function descriptionsSource(video: DescribedVideoFields): string | null {
  for (const track of video.descriptions ?? []) {
    const url = track?.file?.url;
    if (url && isSafeMediaUrl(url)) return url;
  }
  return null;
}

function describedSource(video: DescribedVideoFields): string | null {
  const url = video.described_file?.url;
  return url && isSafeMediaUrl(url) ? url : null;
}

/** Whether the app plays the film itself (an upload), rather than a video site's player. */
export function playsUploadedFile(video: DescribedVideoFields): boolean {
  return uploadedSource(video) !== null;
}

/**
 * Whether a film offers 'Audio description' (WCAG 1.2.5): an audio-described version, or a
 * descriptions track on a film the app plays itself (a track cannot be added to a video site's
 * player).
 */
export function hasAudioDescription(video: DescribedVideoFields | null | undefined): boolean {
  if (!video) return false;
  if (describedSource(video)) return true;
  return uploadedSource(video) !== null && descriptionsSource(video) !== null;
}

/** A cue's words without WebVTT's tags and entities. */
function cueText(cue: TextTrackCue): string {
  const vtt = cue as VTTCue;
  const html = typeof vtt.getCueAsHTML === 'function' ? vtt.getCueAsHTML().textContent : null;
  return (html ?? vtt.text ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * A film with 'Audio description' (WCAG 1.2.5), for a film where hasAudioDescription holds.
 * Off, it plays like any uploaded film, captions as tracks. On, it plays the audio-described
 * version when there is one, from the point the film had reached (and playing on if it was);
 * otherwise its descriptions track is turned on (hidden: nothing is drawn over the picture) and
 * each cue's words, as the film reaches it, become the text of a polite live region that is in
 * the page from the start, so a screen reader reads them without anything covering the slide.
 */
export function DescribedVideo({
  video,
  title,
  on,
  width = 800,
  height = 600,
}: {
  video: DescribedVideoFields;
  title: string;
  on: boolean;
  width?: number;
  height?: number;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const trackRef = useRef<HTMLTrackElement>(null);
  const [said, setSaid] = useState('');
  const main = uploadedSource(video);
  const described = describedSource(video);
  const playsDescribed = on && described !== null;
  const src = playsDescribed ? described : main;
  const captions = playableCaptions(video.captions);
  const descriptions = descriptionsSource(video);
  const readsTrack = on && !playsDescribed && descriptions !== null;

  // The source is set here, not as an attribute React writes, so the switch can carry the
  // point the film had reached (and whether it was playing) over to the other version.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !src || element.getAttribute('src') === src) return;
    const switching = element.hasAttribute('src');
    const at = element.currentTime;
    const playing = !element.paused && !element.ended;
    element.src = src;
    if (!switching || at <= 0) return;
    element.addEventListener(
      'loadedmetadata',
      () => {
        element.currentTime = at;
        if (playing) element.play()?.catch(() => undefined);
      },
      { once: true },
    );
  }, [src]);

  useEffect(() => {
    const track = trackRef.current?.track;
    if (!track) return;
    if (!readsTrack) {
      track.mode = 'disabled';
      return;
    }
    track.mode = 'hidden';
    // Between cues the last words stay, for a screen reader to read again.
    const read = () => {
      const words = [...(track.activeCues ?? [])].map(cueText).filter(Boolean).join(' ');
      if (words) setSaid(words);
    };
    track.addEventListener('cuechange', read);
    read();
    return () => {
      track.removeEventListener('cuechange', read);
      setSaid('');
    };
  }, [readsTrack, descriptions]);

  const style = { maxWidth: '100%', '--video-ratio': `${width} / ${height}` } as CSSProperties;
  return (
    <>
      {/* Captions come from the CMS as tracks below (a film without them is a known gap, docs/accessibility.md). */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        ref={ref}
        className="video-embed"
        controls
        preload="metadata"
        width={width}
        height={height}
        style={style}
        title={title}
      >
        {captions.map((track) => (
          <track
            key={track.src}
            kind="captions"
            src={track.src}
            srcLang={track.srcLang}
            label={track.label}
          />
        ))}
        {descriptions && (
          <track ref={trackRef} kind="descriptions" src={descriptions} label="Audio description" />
        )}
      </video>
      <p className="visually-hidden" aria-live="polite" data-audio-description="">
        {said}
      </p>
    </>
  );
}
