import { useEffect } from 'react';
import { PRODUCT_NAME } from '../config';

/** Page titles follow the content title and fall back to the product's classroom name. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
