import { useLayoutEffect, type ReactNode } from 'react';
import { releaseSnapshot } from '../../../lib/offline/snapshot-cover';
import type { RouteFamily } from '../model/route-family';
import { useLessonModeTitle } from '../hooks/use-lesson-mode-title';
import { LessonModeBar } from './lesson-mode-bar';

/** A full-screen message with the way out (not found, no access, not on this device yet). */
export function LessonModeMessage({
  family,
  title,
  message,
  children,
}: {
  family: Pick<RouteFamily, 'exitPath' | 'basePath'> | null;
  title: string;
  message: string;
  children?: ReactNode;
}) {
  useLessonModeTitle(title);
  // The app says why it cannot show the slide: a snapshot painted before it must not hide that.
  useLayoutEffect(releaseSnapshot, []);
  return (
    <div className="lesson-mode lesson-mode--message">
      {family && <LessonModeBar deck={{ ...family, keyed: false }} />}
      <div className="lesson-mode__message">
        <h1>{title}</h1>
        <p>{message}</p>
        {children}
      </div>
    </div>
  );
}
