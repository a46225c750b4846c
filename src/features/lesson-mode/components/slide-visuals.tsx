import type { ReactNode } from 'react';

/**
 * The part of a slide that holds its pictures and videos side by side. On a projector it takes
 * all the height the text leaves (slide-fit.css), and what is inside scales to fit it.
 */
export function SlideVisuals({ children }: { children: ReactNode }) {
  return <div className="slide__visuals">{children}</div>;
}
