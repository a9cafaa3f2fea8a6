import { createContext, useContext, useEffect } from 'react';
import { oneLineText } from '@core/control-characters';
import { PRODUCT_NAME } from './product';

/** On the server, where effects never run, the page's title is written here as the page renders. */
export const ServerPageTitle = createContext<{ title: string } | null>(null);

// A title may quote a child's name stored before names refused control and direction characters.
function documentTitle(title: string | undefined): string {
  return title ? `${oneLineText(title)} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Sets the document title (WCAG 2.4.2) while the page is shown. */
export function usePageTitle(title: string | undefined): void {
  const serverTitle = useContext(ServerPageTitle);
  if (serverTitle) serverTitle.title = documentTitle(title);
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
