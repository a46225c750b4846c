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

export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
