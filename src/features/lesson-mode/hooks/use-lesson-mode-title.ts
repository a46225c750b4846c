import { useEffect } from 'react';
import { afterNextFrame } from '../../../lib/ui/after-next-frame';

/**
 * Spec part 2, "Lesson mode": the page title is exactly '{slide title} (Lesson mode)', without
 * the product name the shared useDocumentTitle adds (it is what the projector's window shows).
 * Set after the frame that shows the slide: a title change costs the page a few ms (the browser
 * passes it on to its window), which a slide change need not wait for.
 */
export function useLessonModeTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return undefined;
    return afterNextFrame(() => {
      document.title = `${title} (Lesson mode)`;
    });
  }, [title]);
}
