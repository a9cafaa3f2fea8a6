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

/** The app marks <html> with this once the page is live: its taps do what they say. */
export const PAGE_READY_ATTRIBUTE = 'data-page-ready';

/**
 * A link tapped on a page the server drew, before the app was live: the page's first script keeps
 * it here (the path, search and hash), and the app follows it as it takes the page over.
 */
export const PENDING_NAVIGATION_ATTRIBUTE = 'data-pending-navigation';

/**
 * The app's scripts in the shell's head, between these markers: a page the server drew leaves them
 * out, and its first script loads them once the first screen's photo has arrived.
 */
export const APP_SCRIPTS_START = '<!--app-scripts-->';
export const APP_SCRIPTS_END = '<!--/app-scripts-->';
