import { useEffect, useLayoutEffect, useReducer, useRef, useState, type RefObject } from 'react';
import { loadPractice, practiceReducer, savePractice } from './practice-model';
import { useAbLoop } from './use-ab-loop';
import { usePracticeActions } from './use-practice-actions';
import { usePracticeKeys } from './use-practice-keys';
import { useTempo } from './use-tempo';

/** localStorage, or nothing where reading it throws (blocked storage). */
function deviceStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Drives one <audio> element from the practice settings: tempo, the A–B loop (with its count-in),
 * the keyboard shortcuts inside the player, and the one polite announcement of each change. The
 * settings of each recording are kept on this device and come back when it is shown again.
 */
export function usePracticeAudio(
  src: string,
  audioRef: RefObject<HTMLAudioElement | null>,
  playerRef: RefObject<HTMLElement | null>,
) {
  const [state, dispatch] = useReducer(practiceReducer, src, (url) =>
    loadPractice(deviceStorage(), url),
  );
  const [announcement, setAnnouncement] = useState('');
  const loadedFor = useRef(src);
  // The loop and the key handler read the latest settings without re-subscribing on each change.
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);

  // The same player can be handed another recording (a slide changes): bring back its settings.
  useEffect(() => {
    if (loadedFor.current === src) return;
    loadedFor.current = src;
    dispatch({ type: 'restore', state: loadPractice(deviceStorage(), src) });
  }, [src]);

  useEffect(() => {
    if (loadedFor.current === src) savePractice(deviceStorage(), src, state);
  }, [src, state]);

  // The recording's length, for the loop's place on the track and nudges near its end.
  const [duration, setDuration] = useState(Number.NaN);
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return undefined;
    const read = () => setDuration(audio.duration);
    read();
    audio.addEventListener('durationchange', read);
    audio.addEventListener('loadedmetadata', read);
    return () => {
      audio.removeEventListener('durationchange', read);
      audio.removeEventListener('loadedmetadata', read);
    };
  }, [audioRef, src]);

  useTempo(audioRef, stateRef, state.tempo);
  useAbLoop(audioRef, stateRef, state.loopOn);
  const actions = usePracticeActions(audioRef, stateRef, dispatch, setAnnouncement);
  usePracticeKeys(playerRef, actions.toggleLoop, actions.tempoStep);

  return { state, duration, announcement, ...actions };
}
