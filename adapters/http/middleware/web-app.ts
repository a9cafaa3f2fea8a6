import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import serve from 'koa-static';
import type { Middleware } from 'koa';
import { PAYMENT_MODE_ATTRIBUTE } from '@api/system';
import type { HttpState } from '../http-state';
import { withPreview, type PagePreview } from '../share-preview';

/** Marks the shell's <html> as running on test payments (see PAYMENT_MODE_ATTRIBUTE). */
function inTestMode(html: string): string {
  return html.replace(/<html(?=[\s>])/i, `<html ${PAYMENT_MODE_ATTRIBUTE}="test"`);
}

/**
 * Serves the built web app: files as they are (hashed assets cached for a year), and index.html for
 * every other GET outside /api, so the app's own router draws the page; shared registry links get
 * their preview tags, and on the sandbox the shell says so (its "Test mode" banner shows from the
 * first paint). Unknown /api paths answer a JSON 404 instead.
 */
export function webApp(
  webRoot: string | null,
  preview: (path: string) => Promise<PagePreview | null> = async () => null,
  options: { testPayments: boolean } = { testPayments: false },
): Middleware<HttpState>[] {
  const apiNotFound: Middleware<HttpState> = async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body === undefined && (ctx.path === '/api' || ctx.path.startsWith('/api/'))) {
      ctx.status = 404;
      ctx.body = { message: 'Not found' };
    }
  };
  if (!webRoot || !existsSync(path.join(webRoot, 'index.html'))) {
    return [apiNotFound];
  }
  const indexHtml = path.join(webRoot, 'index.html');
  const files = serve(webRoot, {
    index: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  }) as unknown as Middleware<HttpState>;
  const appShell: Middleware<HttpState> = async (ctx, next) => {
    await next();
    const isPage = (ctx.method === 'GET' || ctx.method === 'HEAD') && !ctx.path.startsWith('/api/') && ctx.path !== '/api';
    if (ctx.status === 404 && ctx.body === undefined && isPage && !path.extname(ctx.path)) {
      ctx.status = 200;
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-cache');
      // A kilobyte read per page load keeps a rebuilt app current without a restart.
      const shell = await readFile(indexHtml, 'utf8');
      const html = options.testPayments ? inTestMode(shell) : shell;
      const shared = await preview(ctx.path);
      ctx.body = shared ? withPreview(html, shared) : html;
    }
  };
  return [apiNotFound, appShell, files];
}
