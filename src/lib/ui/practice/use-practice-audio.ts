import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { playCountIn } from './count-in';
import {
  describeLoop,
  describeTempo,
  formatTime,
  loadPractice,
  loopBounds,
  loopPointProblem,
  practiceReducer,
  savePractice,
  type PracticeState,
} from './practice-model';

/** localStorage, or nothing where reading it throws (blocked storage). */
function deviceStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

type PitchAudio = HTMLAudioElement & {
  webkitPreservesPitch?: boolean;
  mozPreservesPitch?: boolean;
};

/** Slower or faster with the pitch kept, so a class sings in the same key at any tempo. */
function applyTempo(audio: HTMLAudioElement, tempo: number) {
  const element = audio as PitchAudio;
  element.preservesPitch = true;
  if ('webkitPreservesPitch' in element) element.webkitPreservesPitch = true;
  if ('mozPreservesPitch' in element) element.mozPreservesPitch = true;
  // defaultPlaybackRate survives load(), which resets playbackRate.
  element.defaultPlaybackRate = tempo / 100;
  element.playbackRate = tempo / 100;
}

/* `timeupdate` fires only about every 250 ms: too late for a tight loop, so while playing a frame
   loop watches for the loop end. A small margin stops the recording's last frame sounding. */
const LOOP_END_MARGIN = 0.03;
/** Count-in beats at 100 BPM, scaled by the tempo: a steady pulse that suits most classroom songs. */
const COUNT_IN_BEAT = 0.6;

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

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return undefined;
    applyTempo(audio, state.tempo);
    const reapply = () => applyTempo(audio, stateRef.current.tempo);
    audio.addEventListener('loadedmetadata', reapply);
    return () => audio.removeEventListener('loadedmetadata', reapply);
  }, [audioRef, state.tempo]);

  // The loop: while playing, jump back to A once the playhead reaches B.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !state.loopOn) return undefined;
    let frame = 0;
    let counting: AbortController | null = null;
    const wrap = () => {
      const { start } = loopBounds(stateRef.current, audio.duration);
      if (!stateRef.current.countIn) {
        audio.currentTime = start;
        if (audio.paused) void audio.play().catch(() => undefined);
        return;
      }
      counting = new AbortController();
      const { signal } = counting;
      audio.pause();
      audio.currentTime = start;
      void playCountIn(COUNT_IN_BEAT / (stateRef.current.tempo / 100), signal).then(() => {
        counting = null;
        if (!signal.aborted) void audio.play().catch(() => undefined);
      });
    };
    const tick = () => {
      frame = 0;
      if (audio.paused || counting) return;
      const { end } = loopBounds(stateRef.current, audio.duration);
      if (audio.currentTime >= end - LOOP_END_MARGIN) wrap();
      frame = requestAnimationFrame(tick);
    };
    const watch = () => {
      if (!frame) frame = requestAnimationFrame(tick);
    };
    // With no loop end the recording plays to its end, where it stops: start again from A.
    const ended = () => wrap();
    audio.addEventListener('play', watch);
    audio.addEventListener('ended', ended);
    if (!audio.paused) watch();
    return () => {
      cancelAnimationFrame(frame);
      counting?.abort();
      audio.removeEventListener('play', watch);
      audio.removeEventListener('ended', ended);
    };
  }, [audioRef, state.loopOn]);

  const actions = {
    restart: useCallback(() => {
      const audio = audioRef.current;
      if (!audio) return;
      audio.currentTime = stateRef.current.loopOn
        ? loopBounds(stateRef.current, audio.duration).start
        : 0;
      void audio.play().catch(() => undefined);
      setAnnouncement('Restarted');
    }, [audioRef]),
    setLoopPoint: useCallback(
      (point: 'start' | 'end') => {
        const at = audioRef.current?.currentTime ?? 0;
        const problem = loopPointProblem(stateRef.current, point, at);
        if (problem) {
          setAnnouncement(problem);
          return;
        }
        dispatch({ type: point === 'start' ? 'setLoopStart' : 'setLoopEnd', at });
        setAnnouncement(`Loop ${point} ${formatTime(at)}`);
      },
      [audioRef],
    ),
    clearLoop: useCallback(() => {
      dispatch({ type: 'clearLoop' });
      setAnnouncement('Loop cleared');
    }, []),
    toggleLoop: useCallback(() => {
      const next = practiceReducer(stateRef.current, { type: 'toggleLoop' });
      dispatch({ type: 'toggleLoop' });
      setAnnouncement(describeLoop(next, audioRef.current?.duration ?? Number.NaN));
    }, [audioRef]),
    tempoStep: useCallback((by: 1 | -1) => {
      const next = practiceReducer(stateRef.current, { type: 'tempoStep', by });
      dispatch({ type: 'tempoStep', by });
      setAnnouncement(describeTempo(next));
    }, []),
    toggleCountIn: useCallback(() => {
      const next: PracticeState = practiceReducer(stateRef.current, { type: 'toggleCountIn' });
      dispatch({ type: 'toggleCountIn' });
      setAnnouncement(next.countIn ? 'Count-in on' : 'Count-in off');
    }, []),
  };

  // Shortcuts while focus is anywhere in this player. Space is not handled here: on the focused
  // audio element the browser's own controls already play or pause with it (handling it too would
  // toggle twice, even after preventDefault), and on buttons and boxes it presses them.
  const { toggleLoop, tempoStep } = actions;
  useEffect(() => {
    const player = playerRef.current;
    if (!player) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement;
      if (
        target.isContentEditable ||
        (target instanceof HTMLInputElement && target.type === 'text')
      )
        return;
      if (event.key === 'l' || event.key === 'L') toggleLoop();
      else if (event.key === '[') tempoStep(-1);
      else if (event.key === ']') tempoStep(1);
      else return;
      event.preventDefault();
    };
    player.addEventListener('keydown', onKey);
    return () => player.removeEventListener('keydown', onKey);
  }, [playerRef, toggleLoop, tempoStep]);

  return { state, announcement, ...actions };
}
