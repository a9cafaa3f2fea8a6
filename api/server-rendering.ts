/**
 * What the server and the web app agree on when a guest page is rendered on the server: the
 * server hands the web app's renderer a way to answer the page's GET calls, and gets back the
 * page's markup, its critical styles and the answers it was built from, which the HTML carries
 * so the browser asks none of them again.
 */

/** The answer to one GET call the page makes, or undefined when there is none to give (unknown, not found). */
export type ServerCall = (path: string) => Promise<unknown>;

export interface RenderedGuestPage {
  /** The markup of #root. */
  html: string;
  /** <style> elements for the document's head: the CSS the markup uses, and nothing else. */
  styles: string;
  /** The document's title, as the page sets it once running. */
  title: string;
  /** SWR's fallback: each call's answer under the key SWR gives it. */
  data: Record<string, unknown>;
}

/** Renders the guest page at `url` (absolute, as the visitor asked for it), or answers null when the address is not a guest page or its data is missing. */
export type RenderGuestPage = (url: string, call: ServerCall) => Promise<RenderedGuestPage | null>;

/** The id of the <script type="application/json"> that carries RenderedGuestPage.data. */
export const SERVER_DATA_ELEMENT_ID = 'server-data';

/**
 * The <html> of a page drawn on the server carries this attribute: the script that starts a page's
 * calls early (scripts/vite-route-preload.ts) leaves them, since their answers are in the page.
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
