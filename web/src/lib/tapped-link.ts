import { PENDING_NAVIGATION_ATTRIBUTE } from '@api/server-rendering';

/**
 * The link a guest tapped on a page the server drew before the app was live, kept by the page's
 * first script (scripts/first-load.template.js); taken once, and only a path on this site.
 */
export function takeTappedLink(document: Document): string | null {
  const html = document.documentElement;
  const tapped = html.getAttribute(PENDING_NAVIGATION_ATTRIBUTE);
  if (tapped === null) return null;
  html.removeAttribute(PENDING_NAVIGATION_ATTRIBUTE);
  return tapped.startsWith('/') && !tapped.startsWith('//') ? tapped : null;
}
