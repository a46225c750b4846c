import { useEffect, useState } from 'react';
import { presentingSince } from './presenter-session';

/** 75 000 -> "1:15"; an hour and more -> "1:02:05". */
export function elapsedClock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const two = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0
    ? `${hours}:${two(minutes)}:${two(seconds % 60)}`
    : `${minutes}:${two(seconds % 60)}`;
}

/**
 * How long the lesson has run since presenting began (a reload keeps the start). Read from the
 * clock each second, so a busy window never loses time. Not a live region: it would speak every
 * second; its label says what it is.
 */
export function LessonClock() {
  const [since] = useState(presentingSince);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, []);
  return (
    <p className="presenter__lesson-clock">
      Lesson time{' '}
      <span role="timer" aria-label="Time since presenting began">
        {elapsedClock(now - since)}
      </span>
    </p>
  );
}
