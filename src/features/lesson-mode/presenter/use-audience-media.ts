import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { SHOWN_BODY, SHOWN_MEDIA } from '../components/slide-window';
import type { MediaState, PresenterMessage } from './presenter-channel';
import { postToOtherWindow, setPresenterState, type PresenterRole } from './presenter-session';

const EVENTS = ['play', 'pause', 'timeupdate', 'loadedmetadata', 'ended'] as const;

function stateOf(element: HTMLMediaElement, blocked = false): MediaState {
  const label = element.getAttribute('aria-label') || element.title;
  return {
    title: label || (element instanceof HTMLVideoElement ? 'Video' : 'Recording'),
    playing: !element.paused,
    currentTime: element.currentTime,
    duration: Number.isFinite(element.duration) ? element.duration : 0,
    blocked,
  };
}

/**
 * Media plays on the audience screen; the presenter sees its position and plays or pauses it.
 * The audience window reports its slide's recording (or video) as it changes, and obeys
 * 'media-toggle'; the presenter window keeps the last report. Returns the channel's handler.
 */
export function useAudienceMedia(
  role: PresenterRole,
  stage: RefObject<HTMLElement | null>,
  slideKey: string,
): (message: PresenterMessage) => void {
  const current = useRef<HTMLMediaElement | null>(null);

  useEffect(() => {
    if (role !== 'audience') return;
    const area = stage.current;
    if (!area) return;
    const first = area.querySelector<HTMLMediaElement>(SHOWN_MEDIA);
    current.current = first;
    postToOtherWindow({ type: 'media', state: first ? stateOf(first) : null });
    const report = (event: Event) => {
      // Bodies drawn ahead load their players too: only the slide on screen's are reported.
      if (!(event.target instanceof HTMLMediaElement) || !event.target.closest(SHOWN_BODY)) return;
      current.current = event.target;
      postToOtherWindow({ type: 'media', state: stateOf(event.target) });
    };
    EVENTS.forEach((name) => area.addEventListener(name, report, true));
    return () => EVENTS.forEach((name) => area.removeEventListener(name, report, true));
  }, [role, stage, slideKey]);

  return useCallback(
    (message: PresenterMessage) => {
      if (message.type === 'media' && role === 'presenter')
        setPresenterState({ media: message.state });
      if (message.type !== 'media-toggle' || role !== 'audience') return;
      const element = current.current;
      if (!element) return;
      if (!element.paused) {
        element.pause();
        return;
      }
      // Autoplay rules: a window nobody has clicked yet may refuse to start sound.
      element
        .play()
        .catch(() => postToOtherWindow({ type: 'media', state: stateOf(element, true) }));
    },
    [role],
  );
}
