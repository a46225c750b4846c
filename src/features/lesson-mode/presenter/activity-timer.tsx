import { useEffect, useState } from 'react';

function clock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * How long the class has spent on this activity: Start, Pause, Reset. Counted from the clock
 * (not by adding ticks), so a busy or backgrounded window never loses time. The parent keys it
 * by activity, so a new activity starts from 0:00.
 */
export function ActivityTimer({ planned }: { planned: string | null | undefined }) {
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [banked, setBanked] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt === null) return;
    const tick = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(tick);
  }, [startedAt]);
  const elapsed = banked + (startedAt === null ? 0 : Math.max(0, now - startedAt));
  const running = startedAt !== null;
  return (
    <section
      className="presenter__panel presenter__timer"
      aria-labelledby="presenter-timer-heading"
    >
      <h2 id="presenter-timer-heading">Activity timer</h2>
      <p className="presenter__clock">
        <span role="timer" aria-label="Time on this activity">
          {clock(elapsed)}
        </span>
        {planned?.trim() && (
          <span className="presenter__planned"> (planned: {planned.trim()})</span>
        )}
      </p>
      <div className="presenter__buttons">
        <button
          type="button"
          className="lesson-mode__button"
          onClick={() => {
            if (running) {
              setBanked(elapsed);
              setStartedAt(null);
            } else {
              const at = Date.now();
              setNow(at);
              setStartedAt(at);
            }
          }}
        >
          {running ? 'Pause timer' : 'Start timer'}
        </button>
        <button
          type="button"
          className="lesson-mode__button"
          onClick={() => {
            setBanked(0);
            setStartedAt(running ? Date.now() : null);
            setNow(Date.now());
          }}
        >
          Reset timer
        </button>
      </div>
    </section>
  );
}
