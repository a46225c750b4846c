/** What the practice controls do, each with the one polite announcement of its change. */
import { useCallback, type Dispatch, type RefObject } from 'react';
import {
  describeLoop,
  describeTempo,
  formatLoopPoint,
  formatTime,
  nudgedLoopPoint,
  loopBounds,
  loopPointProblem,
  practiceReducer,
  type PracticeAction,
  type PracticeState,
} from './practice-model';

export function usePracticeActions(
  audioRef: RefObject<HTMLAudioElement | null>,
  stateRef: RefObject<PracticeState>,
  dispatch: Dispatch<PracticeAction>,
  announce: (message: string) => void,
) {
  return {
    restart: useCallback(() => {
      const audio = audioRef.current;
      if (!audio) return;
      audio.currentTime = stateRef.current.loopOn
        ? loopBounds(stateRef.current, audio.duration).start
        : 0;
      void audio.play().catch(() => undefined);
      announce('Restarted');
    }, [audioRef, stateRef, announce]),
    setLoopPoint: useCallback(
      (point: 'start' | 'end') => {
        const at = audioRef.current?.currentTime ?? 0;
        const problem = loopPointProblem(stateRef.current, point, at);
        if (problem) {
          announce(problem);
          return;
        }
        dispatch({ type: point === 'start' ? 'setLoopStart' : 'setLoopEnd', at });
        announce(`Loop ${point} ${formatTime(at)}`);
      },
      [audioRef, stateRef, dispatch, announce],
    ),
    nudgeLoopPoint: useCallback(
      (point: 'start' | 'end', by: number) => {
        const duration = audioRef.current?.duration ?? Number.NaN;
        const at = nudgedLoopPoint(stateRef.current, point, by, duration);
        const problem = loopPointProblem(stateRef.current, point, at);
        if (problem) {
          announce(problem);
          return;
        }
        dispatch({ type: 'nudgeLoop', point, by, duration });
        announce(`Loop ${point} ${formatLoopPoint(at)}`);
      },
      [audioRef, stateRef, dispatch, announce],
    ),
    clearLoop: useCallback(() => {
      dispatch({ type: 'clearLoop' });
      announce('Loop cleared');
    }, [dispatch, announce]),
    toggleLoop: useCallback(() => {
      const next = practiceReducer(stateRef.current, { type: 'toggleLoop' });
      dispatch({ type: 'toggleLoop' });
      announce(describeLoop(next, audioRef.current?.duration ?? Number.NaN));
    }, [audioRef, stateRef, dispatch, announce]),
    tempoStep: useCallback(
      (by: 1 | -1) => {
        const next = practiceReducer(stateRef.current, { type: 'tempoStep', by });
        dispatch({ type: 'tempoStep', by });
        announce(describeTempo(next));
      },
      [stateRef, dispatch, announce],
    ),
    toggleCountIn: useCallback(() => {
      const next: PracticeState = practiceReducer(stateRef.current, { type: 'toggleCountIn' });
      dispatch({ type: 'toggleCountIn' });
      announce(next.countIn ? 'Count-in on' : 'Count-in off');
    }, [stateRef, dispatch, announce]),
  };
}
