import './practice.css';
import {
  formatLoopPoint,
  LOOP_NUDGE,
  loopBounds,
  TEMPO_MAX,
  TEMPO_MIN,
  type PracticeState,
} from './practice-model';
import type { usePracticeAudio } from './use-practice-audio';

/**
 * The practice tools under a player, behind a "Practice" disclosure so slides and cards stay
 * small: restart, a section to loop (A and B set while listening), tempo and a count-in.
 */
export function PracticeControls({
  title,
  practice,
}: {
  title: string;
  practice: ReturnType<typeof usePracticeAudio>;
}) {
  const { state } = practice;
  const inUse = settingsInUse(state);
  return (
    <details className="practice">
      <summary>
        Practice
        <span className="visually-hidden">: {title}</span>
        {inUse && (
          <span className="practice__in-use">
            <span className="visually-hidden">, </span>
            {inUse}
          </span>
        )}
      </summary>
      <div className="practice__body">
        <div className="practice__row">
          <button type="button" className="practice__button" onClick={practice.restart}>
            Restart
          </button>
          <LoopPoint point="start" practice={practice} />
          <LoopPoint point="end" practice={practice} />
          <button
            type="button"
            className="practice__button"
            aria-pressed={state.loopOn}
            onClick={practice.toggleLoop}
          >
            Loop
          </button>
          {(state.loopStart !== null || state.loopEnd !== null) && (
            <button type="button" className="practice__button" onClick={practice.clearLoop}>
              Clear loop
            </button>
          )}
        </div>
        <LoopTrack state={state} duration={practice.duration} />
        <div className="practice__row">
          <div role="group" aria-label="Tempo" className="practice__tempo">
            <button
              type="button"
              className="practice__button"
              onClick={() => practice.tempoStep(-1)}
              disabled={state.tempo <= TEMPO_MIN}
            >
              Slower
            </button>
            <span className="practice__tempo-value">Tempo {state.tempo} %</span>
            <button
              type="button"
              className="practice__button"
              onClick={() => practice.tempoStep(1)}
              disabled={state.tempo >= TEMPO_MAX}
            >
              Faster
            </button>
          </div>
          <label className="practice__count-in">
            <input type="checkbox" checked={state.countIn} onChange={practice.toggleCountIn} />
            Count in before each repeat
          </label>
        </div>
        <p className="practice__keys">
          Keys in this player: L loop on or off, [ slower, ] faster, Space play or pause.
        </p>
      </div>
    </details>
  );
}

/**
 * Remembered settings, said on the closed disclosure ("75 %, loop on") so a teacher sees why the
 * recording plays slower or repeats. The tools stay closed so a slide still fits its screen.
 */
function settingsInUse(state: PracticeState): string {
  const parts = [
    state.tempo !== 100 && `${state.tempo} %`,
    state.loopOn && 'loop on',
    state.countIn && 'count-in',
  ].filter(Boolean);
  return parts.join(', ');
}

/**
 * One loop point: set it where the recording is playing, then nudge it a tenth of a second
 * earlier or later (by keyboard too: the buttons take Enter and Space).
 */
function LoopPoint({
  point,
  practice,
}: {
  point: 'start' | 'end';
  practice: ReturnType<typeof usePracticeAudio>;
}) {
  const at = point === 'start' ? practice.state.loopStart : practice.state.loopEnd;
  const name = `loop ${point}`;
  return (
    <span role="group" aria-label={`Loop ${point}`} className="practice__point">
      <button
        type="button"
        className="practice__button"
        onClick={() => practice.setLoopPoint(point)}
      >
        Set {name} <span className="practice__time">{at === null ? '–' : formatLoopPoint(at)}</span>
      </button>
      <button
        type="button"
        className="practice__button practice__nudge"
        onClick={() => practice.nudgeLoopPoint(point, -LOOP_NUDGE)}
      >
        <span aria-hidden="true">−</span>
        <span className="visually-hidden">Move the {name} a tenth of a second earlier</span>
      </button>
      <button
        type="button"
        className="practice__button practice__nudge"
        onClick={() => practice.nudgeLoopPoint(point, LOOP_NUDGE)}
      >
        <span aria-hidden="true">+</span>
        <span className="visually-hidden">Move the {name} a tenth of a second later</span>
      </button>
    </span>
  );
}

/**
 * The section that repeats, drawn on a track of the whole recording (the times are on the
 * buttons above and said when they change, so the drawing is for the eye only).
 */
function LoopTrack({ state, duration }: { state: PracticeState; duration: number }) {
  if (!Number.isFinite(duration) || duration <= 0) return null;
  if (state.loopStart === null && state.loopEnd === null) return null;
  const { start, end } = loopBounds(state, duration);
  const left = (100 * start) / duration;
  const width = (100 * (Math.min(end, duration) - start)) / duration;
  return (
    <div className="practice__track" aria-hidden="true">
      <div
        className={`practice__section${state.loopOn ? ' practice__section--on' : ''}`}
        style={{ left: `${left}%`, width: `${width}%` }}
      />
    </div>
  );
}
