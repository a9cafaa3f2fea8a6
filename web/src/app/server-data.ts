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
