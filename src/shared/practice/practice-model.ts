/**
 * What a teacher has set on one recording to practise it: a section to repeat (A to B), whether
 * it repeats, the tempo and an optional count-in. Pure functions only, so every rule is unit-tested
 * without an audio element; the hook in use-practice-audio.ts applies the state to the player.
 */
import { STORAGE_KEY_PREFIXES } from '../../lib/storage-keys';
export interface PracticeState {
  /** Seconds into the recording; null until set (the loop then starts at the beginning). */
  loopStart: number | null;
  /** Seconds into the recording; null until set (the loop then ends at the end). */
  loopEnd: number | null;
  loopOn: boolean;
  /** Per cent of the recorded speed: 25 to 150 in steps of 5 (as music-practice tools offer). */
  tempo: number;
  countIn: boolean;
}

export const TEMPO_MIN = 25;
export const TEMPO_MAX = 150;
export const TEMPO_STEP = 5;
/** How far one nudge moves a loop point: a tenth of a second, finer than setting it by ear. */
export const LOOP_NUDGE = 0.1;

export const INITIAL_PRACTICE: PracticeState = {
  loopStart: null,
  loopEnd: null,
  loopOn: false,
  tempo: 100,
  countIn: false,
};

export type PracticeAction =
  | { type: 'setLoopStart'; at: number }
  | { type: 'setLoopEnd'; at: number }
  | { type: 'nudgeLoop'; point: 'start' | 'end'; by: number; duration: number }
  | { type: 'clearLoop' }
  | { type: 'toggleLoop' }
  | { type: 'tempoStep'; by: 1 | -1 }
  | { type: 'setTempo'; tempo: number }
  | { type: 'toggleCountIn' }
  | { type: 'restore'; state: PracticeState };

/** Any number to a tempo the player offers: clamped to 25–150 and rounded to a 5 % step. */
export function clampTempo(tempo: number): number {
  if (!Number.isFinite(tempo)) return 100;
  const stepped = Math.round(tempo / TEMPO_STEP) * TEMPO_STEP;
  return Math.min(TEMPO_MAX, Math.max(TEMPO_MIN, stepped));
}

/** Why a loop point was refused, or null when it may be set (A must come before B). */
export function loopPointProblem(
  state: PracticeState,
  point: 'start' | 'end',
  at: number,
): string | null {
  if (point === 'end') {
    if (at <= (state.loopStart ?? 0)) return 'The loop end must come after the loop start.';
  } else if (state.loopEnd !== null && at >= state.loopEnd) {
    return 'The loop start must come before the loop end.';
  }
  return null;
}

export function practiceReducer(state: PracticeState, action: PracticeAction): PracticeState {
  switch (action.type) {
    case 'setLoopStart':
      if (loopPointProblem(state, 'start', action.at)) return state;
      return { ...state, loopStart: Math.max(0, action.at) };
    case 'setLoopEnd':
      if (loopPointProblem(state, 'end', action.at)) return state;
      return { ...state, loopEnd: action.at };
    case 'nudgeLoop': {
      const at = nudgedLoopPoint(state, action.point, action.by, action.duration);
      return practiceReducer(state, {
        type: action.point === 'start' ? 'setLoopStart' : 'setLoopEnd',
        at,
      });
    }
    case 'clearLoop':
      return { ...state, loopStart: null, loopEnd: null, loopOn: false };
    case 'toggleLoop':
      return { ...state, loopOn: !state.loopOn };
    case 'tempoStep':
      return { ...state, tempo: clampTempo(state.tempo + action.by * TEMPO_STEP) };
    case 'setTempo':
      return { ...state, tempo: clampTempo(action.tempo) };
    case 'toggleCountIn':
      return { ...state, countIn: !state.countIn };
    case 'restore':
      return action.state;
  }
}

/**
 * Where a nudge moves a loop point: from where it is (an unset start is the beginning, an unset
 * end the end of the recording) by `by` seconds, kept inside the recording and to tenths.
 */
export function nudgedLoopPoint(
  state: PracticeState,
  point: 'start' | 'end',
  by: number,
  duration: number,
): number {
  const { start, end } = loopBounds(state, duration);
  const last = Number.isFinite(duration) ? duration : Math.max(end, start) + Math.abs(by);
  const moved = (point === 'start' ? start : Number.isFinite(end) ? end : last) + by;
  return Math.round(Math.min(last, Math.max(0, moved)) * 10) / 10;
}

/** The section that repeats, in seconds: unset ends fall back to the whole recording. */
export function loopBounds(state: PracticeState, duration: number): { start: number; end: number } {
  const end = state.loopEnd ?? (Number.isFinite(duration) ? duration : Infinity);
  return { start: state.loopStart ?? 0, end };
}

/** 75.4 -> "1:15": how the player writes times, on buttons and in announcements. */
export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** 12.34 -> "0:12.3": a loop point to the tenth a nudge moves it by. */
export function formatLoopPoint(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00.0';
  const tenths = Math.round(seconds * 10);
  const whole = Math.floor(tenths / 10);
  return `${formatTime(whole)}.${tenths % 10}`;
}

/** What a screen reader hears after a change, e.g. "Tempo 75 %" or "Loop on: 0:12 to 0:20". */
export function describeLoop(state: PracticeState, duration: number): string {
  if (!state.loopOn) return 'Loop off';
  const { start, end } = loopBounds(state, duration);
  return `Loop on: ${formatTime(start)} to ${Number.isFinite(end) ? formatTime(end) : 'the end'}`;
}

export function describeTempo(state: PracticeState): string {
  return `Tempo ${state.tempo} %`;
}

/* Remembered per recording on this device, across sign-outs (localStorage, key below + the media URL). */
export const PRACTICE_STORAGE_PREFIX = STORAGE_KEY_PREFIXES.practice;

function readSeconds(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

/** Anything read back from storage (old, hand-edited or broken) to a valid state. */
export function parsePractice(raw: string | null): PracticeState {
  if (!raw) return INITIAL_PRACTICE;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return INITIAL_PRACTICE;
  }
  if (!data || typeof data !== 'object') return INITIAL_PRACTICE;
  const record = data as Record<string, unknown>;
  let loopStart = readSeconds(record.loopStart);
  let loopEnd = readSeconds(record.loopEnd);
  // A stored pair the wrong way round cannot loop: drop it rather than trap the player.
  if (loopStart !== null && loopEnd !== null && loopStart >= loopEnd) {
    loopStart = null;
    loopEnd = null;
  }
  return {
    loopStart,
    loopEnd,
    loopOn: record.loopOn === true,
    tempo: typeof record.tempo === 'number' ? clampTempo(record.tempo) : 100,
    countIn: record.countIn === true,
  };
}

export function loadPractice(storage: Storage | undefined, url: string): PracticeState {
  try {
    return parsePractice(storage?.getItem(PRACTICE_STORAGE_PREFIX + url) ?? null);
  } catch {
    // Storage can be blocked (private modes, policies): practise without remembering.
    return INITIAL_PRACTICE;
  }
}

export function savePractice(
  storage: Storage | undefined,
  url: string,
  state: PracticeState,
): void {
  try {
    const key = PRACTICE_STORAGE_PREFIX + url;
    const untouched = JSON.stringify(state) === JSON.stringify(INITIAL_PRACTICE);
    // Nothing set: keep no entry, so storage holds only recordings a teacher practised.
    if (untouched) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(state));
  } catch {
    // A full or blocked storage only loses the memory of the settings, never the practice.
  }
}
