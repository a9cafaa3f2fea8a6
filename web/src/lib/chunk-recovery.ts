/**
 * After a rollout, an open page asks for chunks of the release it was loaded from, which the new
 * instances may not have. Such a page reloads once, into the new release: what the guest typed is
 * saved first by whoever registered a saver (the gift form), and brought back after the reload.
 * A second failure soon after a reload is not reloaded again (the chunk is missing for another
 * reason), and the error shows as it would have.
 */

/** When this tab last reloaded for a missing chunk (session storage survives the reload). */
export const CHUNK_RELOAD_KEY = 'mitzvah-gifts.chunk-reload';
const LOOP_WINDOW_MS = 30_000;

const savers = new Set<() => void>();
let reloading = false;

/** Runs `save` just before a reload for a missing chunk; answers how to stop. */
export function beforeReloadForNewRelease(save: () => void): () => void {
  savers.add(save);
  return () => savers.delete(save);
}

/** A dynamic import that failed: each browser words it its own way; an HTML page served for a script says the same. */
export function isMissingChunk(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|not a valid JavaScript MIME type|Loading (?:CSS )?chunk \S+ failed/i.test(
    message,
  );
}

/**
 * Whether the chunk is really gone rather than the network lost: the same error says both. The
 * chunk's own address, when the browser names it, is asked again (gone: 404); otherwise the server
 * answering at all means the chunk, not the network, failed.
 */
async function chunkIsGone(error: unknown): Promise<boolean> {
  const named = /https?:\/\/[^\s'"]+/.exec(error instanceof Error ? error.message : String(error))?.[0];
  try {
    const answer = await fetch(named ?? '/api/health/live', {
      method: named ? 'HEAD' : 'GET',
      cache: 'no-store',
      credentials: 'same-origin',
    });
    return named ? answer.status === 404 : answer.ok;
  } catch {
    return false;
  }
}

/** Whether a reload now would be the first for a missing chunk in a while (so not a loop), and possible. */
function mayReload(): boolean {
  if (reloading) return true;
  // Offline, the chunk is not missing, the network is; a reload would lose the page altogether.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  try {
    const last = Number(window.sessionStorage.getItem(CHUNK_RELOAD_KEY));
    return !(last && Date.now() - last < LOOP_WINDOW_MS);
  } catch {
    return false;
  }
}

/** Reloads the page once, the drafts saved first; false when it will not (see mayReload). */
export function reloadForNewRelease(): boolean {
  if (reloading) return true;
  if (!mayReload()) return false;
  try {
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  reloading = true;
  for (const save of savers) {
    try {
      save();
    } catch {
      // A draft that cannot be kept is not a reason to stay on a page that cannot work.
    }
  }
  window.location.reload();
  return true;
}

/** A loader whose missing chunk reloads the page (it then never settles) instead of failing. */
export function recoveringImport<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch(async (error: unknown) => {
      if (isMissingChunk(error) && mayReload() && (reloading || (await chunkIsGone(error))) && reloadForNewRelease())
        return new Promise<T>(() => {});
      throw error;
    });
}

/**
 * Vite's own signal that a chunk's preloaded dependencies (its CSS, its shared chunks) failed to
 * load. Held back while the server is asked whether they are gone; Vite then imports the chunk
 * itself, whose failure recoveringImport hears.
 */
export function installChunkRecovery(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (!mayReload()) return;
    event.preventDefault();
    const { payload } = event as Event & { payload?: unknown };
    void chunkIsGone(payload).then((gone) => gone && reloadForNewRelease());
  });
}
