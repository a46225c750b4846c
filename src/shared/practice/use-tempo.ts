/** Keeps an <audio> element at the practice tempo, with the pitch kept. */
import { useEffect, type RefObject } from 'react';
import type { PracticeState } from './practice-model';

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

export function useTempo(
  audioRef: RefObject<HTMLAudioElement | null>,
  stateRef: RefObject<PracticeState>,
  tempo: number,
) {
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return undefined;
    applyTempo(audio, tempo);
    const reapply = () => applyTempo(audio, stateRef.current.tempo);
    audio.addEventListener('loadedmetadata', reapply);
    return () => audio.removeEventListener('loadedmetadata', reapply);
  }, [audioRef, stateRef, tempo]);
}
