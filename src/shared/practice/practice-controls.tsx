import './practice.css';
import { formatTime, TEMPO_MAX, TEMPO_MIN, type PracticeState } from './practice-model';
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
          <button
            type="button"
            className="practice__button"
            onClick={() => practice.setLoopPoint('start')}
          >
            Set loop start{' '}
            <span className="practice__time">
              {state.loopStart === null ? '–' : formatTime(state.loopStart)}
            </span>
          </button>
          <button
            type="button"
            className="practice__button"
            onClick={() => practice.setLoopPoint('end')}
          >
            Set loop end{' '}
            <span className="practice__time">
              {state.loopEnd === null ? '–' : formatTime(state.loopEnd)}
            </span>
          </button>
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
