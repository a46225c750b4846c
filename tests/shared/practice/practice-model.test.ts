import { describe, expect, it } from 'vitest';
import {
  clampTempo,
  describeLoop,
  describeTempo,
  formatLoopPoint,
  formatTime,
  INITIAL_PRACTICE,
  nudgedLoopPoint,
  loadPractice,
  loopBounds,
  loopPointProblem,
  parsePractice,
  practiceReducer,
  PRACTICE_STORAGE_PREFIX,
  savePractice,
  type PracticeState,
} from '../../../src/shared/practice/practice-model';

const run = (state: PracticeState, ...actions: Parameters<typeof practiceReducer>[1][]) =>
  actions.reduce(practiceReducer, state);

describe('tempo', () => {
  it('steps by 5 % and stops at 25 % and 150 %, the range music-practice tools offer', () => {
    let state = INITIAL_PRACTICE;
    for (let i = 0; i < 30; i += 1) state = practiceReducer(state, { type: 'tempoStep', by: -1 });
    expect(state.tempo).toBe(25);
    state = run(state, { type: 'tempoStep', by: 1 });
    expect(state.tempo).toBe(30);
    for (let i = 0; i < 40; i += 1) state = practiceReducer(state, { type: 'tempoStep', by: 1 });
    expect(state.tempo).toBe(150);
    expect(describeTempo(state)).toBe('Tempo 150 %');
  });

  it('rounds any number to a step inside the range', () => {
    expect(clampTempo(73)).toBe(75);
    expect(clampTempo(10)).toBe(25);
    expect(clampTempo(400)).toBe(150);
    expect(clampTempo(Number.NaN)).toBe(100);
  });
});

describe('nudging a loop point', () => {
  it('moves a point a tenth at a time, from the beginning or the end when unset, inside the recording', () => {
    const nudge = (state: PracticeState, point: 'start' | 'end', by: number) =>
      practiceReducer(state, { type: 'nudgeLoop', point, by, duration: 30 });
    let state = nudge(INITIAL_PRACTICE, 'start', 0.1);
    expect(state.loopStart).toBe(0.1);
    state = nudge(nudge(state, 'start', -0.1), 'start', -0.1);
    expect(state.loopStart).toBe(0);
    state = nudge(state, 'end', -0.1);
    expect(state.loopEnd).toBe(29.9);
    state = nudge(nudge(state, 'end', 0.1), 'end', 0.1);
    expect(state.loopEnd).toBe(30);
    expect(nudgedLoopPoint({ ...state, loopStart: 12.34 }, 'start', 0.1, 30)).toBe(12.4);
    // A nudge never crosses the other point.
    const tight = { ...INITIAL_PRACTICE, loopStart: 10, loopEnd: 10.1 };
    expect(nudge(tight, 'start', 0.1)).toBe(tight);
    expect(nudge(tight, 'end', -0.1)).toBe(tight);
    expect(formatLoopPoint(72.35)).toBe('1:12.4');
  });
});

describe('loop points', () => {
  it('keeps A before B: an end at or before the start, or a start at or after the end, is refused', () => {
    const withA = run(INITIAL_PRACTICE, { type: 'setLoopStart', at: 12 });
    expect(loopPointProblem(withA, 'end', 12)).toBe('The loop end must come after the loop start.');
    expect(run(withA, { type: 'setLoopEnd', at: 10 })).toBe(withA);
    const withB = run(withA, { type: 'setLoopEnd', at: 20 });
    expect(withB).toMatchObject({ loopStart: 12, loopEnd: 20 });
    expect(loopPointProblem(withB, 'start', 25)).toBe(
      'The loop start must come before the loop end.',
    );
    expect(run(withB, { type: 'setLoopStart', at: 25 })).toBe(withB);
    expect(run(withB, { type: 'setLoopStart', at: 5 })).toMatchObject({
      loopStart: 5,
      loopEnd: 20,
    });
  });

  it('loops the whole recording until A and B are set, and announces the section', () => {
    const on = run(INITIAL_PRACTICE, { type: 'toggleLoop' });
    expect(loopBounds(on, 95)).toEqual({ start: 0, end: 95 });
    expect(describeLoop(on, 95)).toBe('Loop on: 0:00 to 1:35');
    const section = run(on, { type: 'setLoopStart', at: 12.4 }, { type: 'setLoopEnd', at: 20.9 });
    expect(describeLoop(section, 95)).toBe('Loop on: 0:12 to 0:20');
    expect(describeLoop(run(section, { type: 'toggleLoop' }), 95)).toBe('Loop off');
    expect(run(section, { type: 'clearLoop' })).toMatchObject({
      loopStart: null,
      loopEnd: null,
      loopOn: false,
    });
  });

  it('writes times as minutes and seconds', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(75.9)).toBe('1:15');
    expect(formatTime(Number.NaN)).toBe('0:00');
  });
});

describe('remembered per recording', () => {
  it('round-trips through storage, keyed by the media URL', () => {
    const state = run(
      INITIAL_PRACTICE,
      { type: 'setLoopStart', at: 1.25 },
      { type: 'setLoopEnd', at: 3.5 },
      { type: 'toggleLoop' },
      { type: 'setTempo', tempo: 75 },
      { type: 'toggleCountIn' },
    );
    savePractice(localStorage, '/uploads/song.wav', state);
    expect(localStorage.getItem(`${PRACTICE_STORAGE_PREFIX}/uploads/song.wav`)).not.toBeNull();
    expect(loadPractice(localStorage, '/uploads/song.wav')).toEqual(state);
    expect(loadPractice(localStorage, '/uploads/other.wav')).toEqual(INITIAL_PRACTICE);
    // Back to the defaults: the entry goes.
    savePractice(localStorage, '/uploads/song.wav', INITIAL_PRACTICE);
    expect(localStorage.getItem(`${PRACTICE_STORAGE_PREFIX}/uploads/song.wav`)).toBeNull();
  });

  it('tolerates broken or odd stored values', () => {
    expect(parsePractice('{not json')).toEqual(INITIAL_PRACTICE);
    expect(parsePractice('null')).toEqual(INITIAL_PRACTICE);
    expect(parsePractice('"text"')).toEqual(INITIAL_PRACTICE);
    expect(
      parsePractice(JSON.stringify({ loopStart: 9, loopEnd: 3, loopOn: 'yes', tempo: 300 })),
    ).toEqual({
      ...INITIAL_PRACTICE,
      tempo: 150,
    });
    expect(parsePractice(JSON.stringify({ loopStart: -1, loopEnd: 'x', tempo: 62 }))).toEqual({
      ...INITIAL_PRACTICE,
      tempo: 60,
    });
  });

  it('keeps practising when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    } as unknown as Storage;
    expect(loadPractice(broken, '/a.wav')).toEqual(INITIAL_PRACTICE);
    expect(() => savePractice(broken, '/a.wav', { ...INITIAL_PRACTICE, tempo: 80 })).not.toThrow();
  });
});
