import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderGuestPage } from '@api/server-rendering';

/**
 * The web app's server renderer (built by `npm run build:web` into dist/server beside dist/web),
 * or null when the web app was not built with it: the browser then draws every page.
 */
export async function loadGuestPageRenderer(webRoot: string | null): Promise<RenderGuestPage | null> {
  if (!webRoot) return null;
  const entry = path.join(webRoot, '..', 'server', 'entry-server.js');
  if (!existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as { renderGuestPage?: RenderGuestPage };
  if (typeof module.renderGuestPage !== 'function') throw new Error(`${entry} exports no renderGuestPage`);
  return module.renderGuestPage;
}
