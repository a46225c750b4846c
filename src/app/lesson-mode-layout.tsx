import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useSessionRestore } from '../lib/auth/use-session-restore';
import { useRouteFocus } from '../lib/ui/route-focus';
import { Spinner } from '../lib/ui/spinner';

/**
 * Lesson mode is projected full-screen in front of a class: no header, navigation, breadcrumbs
 * or footer, just the slides (spec part 2, "Lesson mode").
 */
export function LessonModeLayout() {
  useSessionRestore();
  // Slide changes keep focus where the teacher has it; only a lost focus moves to the slide title.
  useRouteFocus({ onlyWhenLost: true });
  return (
    <main id="main" className="lesson-mode-main" tabIndex={-1}>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
