import { createContext, useContext } from 'react';

/**
 * The site's origin ("https://gifts.example.org"), for links people share: the server says which
 * one a page it draws was asked at; in the browser it is the page's own.
 */
export const SiteOrigin = createContext<string | null>(null);

export function useSiteOrigin(): string {
  return useContext(SiteOrigin) ?? window.location.origin;
}
