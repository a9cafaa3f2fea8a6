/**
 * When the first page is live: for a page the server drew, once the browser has taken it over.
 * Code for what sits below the first screen waits for it, so a page's script before it answers
 * stays within 150 KB, while the server's drawing of that part shows meanwhile.
 */
let markLive: () => void = () => undefined;
const live = new Promise<void>((resolve) => {
  markLive = resolve;
});

/** Said once by the page frame (AppLayout's PageReady), as the page goes live. */
export function markPageLive(): void {
  markLive();
}

/**
 * Loads a module once the page is live. The server, where no page goes live, loads it at once and
 * draws it with the page.
 */
export function loadOncePageLive<T>(load: () => Promise<T>): Promise<T> {
  return (typeof document === 'undefined' ? Promise.resolve() : live).then(load);
}
