import { useEffect } from 'react';
import { PRODUCT_NAME } from './product';

/** Sets the document title (WCAG 2.4.2) while the page is shown. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
