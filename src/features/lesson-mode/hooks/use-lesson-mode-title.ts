import { useEffect } from 'react';

/**
 * Spec part 2, "Lesson mode": the page title is exactly '{slide title} (Lesson mode)', without
 * the product name the shared useDocumentTitle adds (it is what the projector's window shows).
 */
export function useLessonModeTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} (Lesson mode)`;
  }, [title]);
}
