/** The A–B loop: while playing, jump back to A once the playhead reaches B (with its count-in). */
import { useEffect, type RefObject } from 'react';
import { playCountIn } from './count-in';
import { loopBounds, type PracticeState } from './practice-model';

/* `timeupdate` fires only about every 250 ms: too late for a tight loop, so while playing a frame
   loop watches for the loop end. A small margin stops the recording's last frame sounding. */
const LOOP_END_MARGIN = 0.03;
/** Count-in beats at 100 BPM, scaled by the tempo: a steady pulse that suits most classroom songs. */
const COUNT_IN_BEAT = 0.6;

export function useAbLoop(
  audioRef: RefObject<HTMLAudioElement | null>,
  stateRef: RefObject<PracticeState>,
  loopOn: boolean,
) {
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !loopOn) return undefined;
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
  }, [audioRef, stateRef, loopOn]);
}
