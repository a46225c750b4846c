import { useStateTitle } from './use-document-title';

/**
 * The h1 of a view that shows the page's state instead of its content ('Unit not found'), and
 * the document title naming the same state, from one text so the two never disagree (WCAG 2.4.2).
 */
export function StateHeading({ children, title }: { children: string; title?: string }) {
  useStateTitle(title ?? children);
  return <h1>{children}</h1>;
}
