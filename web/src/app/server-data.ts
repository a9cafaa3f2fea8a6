import { SERVER_DATA_ELEMENT_ID } from '@api/server-rendering';

/** The answers a page drawn on the server was built from (SWR's fallback), or null when the browser draws the page. */
export function serverData(document: Document): Record<string, unknown> | null {
  const text = document.getElementById(SERVER_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data: unknown = JSON.parse(text);
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The path of the page's canonical address (a short link's page names its registry's), or null.
 * The path alone: the server names the site's public address, which a test or a proxy may reach
 * under another origin.
 */
export function canonicalPath(document: Document): string | null {
  const href = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute('href');
  return href && URL.canParse(href, document.baseURI) ? new URL(href, document.baseURI).pathname : null;
}
