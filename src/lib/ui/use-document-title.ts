import { useEffect } from 'react';
import { PRODUCT_NAME } from '../config';

/**
 * Page titles follow the content title and fall back to the product's classroom name. A page
 * titled with the product's own name (the home page) is not named twice.
 */
export function documentTitle(title: string | null | undefined): string {
  const own = title?.trim();
  if (!own || own.toLowerCase() === PRODUCT_NAME.toLowerCase()) return PRODUCT_NAME;
  return `${own} | ${PRODUCT_NAME}`;
}

/** The page's own title, and the states shown in its place (newest last). */
let pageTitle: string | null | undefined = null;
const stateTitles: string[] = [];

function applyTitle(): void {
  document.title = documentTitle(stateTitles.at(-1) ?? pageTitle);
}

export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    pageTitle = title;
    applyTitle();
  }, [title]);
}

/**
 * A view that stands in for the page (not found, log in needed, could not be loaded) names that
 * state in the title while it is shown, whatever the page around it set or sets later: its
 * effect runs before its parent's, so a plain document.title write would be overwritten
 * (WCAG 2.4.2).
 */
export function useStateTitle(title: string): void {
  useEffect(() => {
    stateTitles.push(title);
    applyTitle();
    return () => {
      stateTitles.splice(stateTitles.lastIndexOf(title), 1);
      applyTitle();
    };
  }, [title]);
}
