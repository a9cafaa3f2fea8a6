import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync, zstdCompressSync } from 'node:zlib';
import serve from 'koa-static';
import type { Middleware, ParameterizedContext } from 'koa';
import { PAYMENT_MODE_ATTRIBUTE } from '@api/system';
import type { RenderedGuestPage, RenderGuestPage, ServerCall } from '@api/server-rendering';
import { isPagePath, matchPattern, pagePatterns, pageUrl, paths } from '@core/page-paths';
import { escapeHtml } from '@core/html';
import type { HttpState } from '../http-state';
import { withPreview, type PagePreview } from '../share-preview';
import { withRenderedPage } from '../rendered-page';
import { loggedPath } from '../logged-path';

/** Marks the shell's <html> as running on test payments (see PAYMENT_MODE_ATTRIBUTE). */
function inTestMode(html: string): string {
  return html.replace(/<html(?=[\s>])/i, `<html ${PAYMENT_MODE_ATTRIBUTE}="test"`);
}

/** The guest pages the server draws itself (see RenderGuestPage), and where a short link leads. */
export interface GuestPages {
  render: RenderGuestPage;
  call: ServerCall;
  shortLinkTarget: (shortCode: string) => Promise<string | null>;
  /** The site's public address, which a short link's page names as its canonical one. */
  publicUrl: string;
}

/**
 * The guest page drawn by the server, or null: a page that fails to draw is left to the browser,
 * which says what went wrong. `pagePath` is the page drawn when it is not the address asked for
 * (a short link's registry).
 */
async function drawn(ctx: ParameterizedContext<HttpState>, guestPages: GuestPages, pagePath = ctx.path): Promise<RenderedGuestPage | null> {
  // A Host header no address can hold (a probe, a broken client) is the client's fault, not the
  // server's: the browser draws that page, and nothing is logged as an error.
  if (!URL.canParse(ctx.href)) return null;
  const href = new URL(ctx.href);
  href.pathname = pagePath;
  try {
    return await guestPages.render(href.href, guestPages.call);
  } catch (error) {
    ctx.state.log.error({ err: error, path: loggedPath(ctx.path) }, 'a guest page could not be drawn on the server');
    return null;
  }
}

/**
 * How a drawn page is compressed, in the order the server prefers, as koa-compress does it (brotli
 * at its quality 4): once for each page and encoding, not again for every guest who opens it.
 */
const PAGE_ENCODINGS = {
  zstd: (body: Buffer) => zstdCompressSync(body),
  br: (body: Buffer) => brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body: Buffer) => gzipSync(body),
} as const;
type PageEncoding = keyof typeof PAGE_ENCODINGS;

/** The shell naming `url` as the page's canonical address. */
function withCanonical(html: string, url: string): string {
  return html.replace('</head>', () => `<link rel="canonical" href="${escapeHtml(url)}" />\n  </head>`);
}

/**
 * Serves the built web app: files as they are (hashed assets cached for a year), and index.html for
 * every other GET outside /api, with status 404 where the app has no such page. A visitor's guest
 * page comes drawn by the server (with guestPages), a short link's registry page at the short link
 * itself; any other page is drawn by the app's own router. Shared registry links get their
 * preview tags, and on the sandbox the shell says so (its "Test mode" banner shows from the first
 * paint). Unknown /api paths answer a JSON 404 instead.
 */
export function webApp(
  webRoot: string | null,
  preview: (path: string) => Promise<PagePreview | null> = async () => null,
  options: { testPayments: boolean; guestPages?: GuestPages | null } = { testPayments: false },
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
  const files = serve(webRoot, {
    index: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  }) as unknown as Middleware<HttpState>;
  // Read once: the server's renderer is loaded once too, and the shell must name the scripts of the
  // same build, or the browser would take over a page its own code did not draw.
  const shell = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const pageShell = options.testPayments ? inTestMode(shell) : shell;
  // A page drawn once is sent as the same bytes while it stays the same (the renderer hands back
  // the page it remembers), instead of being put together and compressed again for every guest.
  const sent = new WeakMap<RenderedGuestPage, { head: string; body: Buffer; encoded: Map<PageEncoding, Buffer> }>();
  const assembled = (head: string, page: RenderedGuestPage) => {
    const known = sent.get(page);
    if (known?.head === head) return known;
    const made = { head, body: Buffer.from(withRenderedPage(head, page)), encoded: new Map<PageEncoding, Buffer>() };
    sent.set(page, made);
    return made;
  };
  const sendPage = (ctx: ParameterizedContext<HttpState>, head: string, page: RenderedGuestPage) => {
    const made = assembled(head, page);
    ctx.vary('Accept-Encoding');
    // The first of the server's own order the browser takes, as koa-compress chooses (Koa's own choice follows the browser's order).
    const encoding = (Object.keys(PAGE_ENCODINGS) as PageEncoding[]).find((name) => ctx.acceptsEncodings(name) === name);
    if (!encoding) {
      ctx.body = made.body;
      return;
    }
    let encoded = made.encoded.get(encoding);
    if (!encoded) {
      encoded = PAGE_ENCODINGS[encoding](made.body);
      made.encoded.set(encoding, encoded);
    }
    // Set, koa-compress leaves the answer as it is.
    ctx.set('Content-Encoding', encoding);
    ctx.body = encoded;
  };
  const appShell: Middleware<HttpState> = async (ctx, next) => {
    const isPage =
      (ctx.method === 'GET' || ctx.method === 'HEAD') && !ctx.path.startsWith('/api/') && ctx.path !== '/api' && !path.extname(ctx.path);
    // A page's address names no file (no extension), so the built files are not looked through for it.
    if (!isPage) return next();
    const guestPages = options.guestPages;
    const shortCode = guestPages ? matchPattern(pagePatterns.shortLink, ctx.path)?.shortCode : undefined;
    const target = shortCode && guestPages ? await guestPages.shortLinkTarget(shortCode) : null;
    // Pages may hold a registry as it is now, and a visitor's page is not a signed-in family's.
    ctx.set('Cache-Control', 'no-cache');
    ctx.vary('Cookie');
    if (target && guestPages) {
      // A visitor's phone gets the registry's page itself at the short link, a round trip sooner
      // than a redirect would; the page names its own address as canonical, and the app moves the
      // address bar there as it starts. The family, whose browser draws their page, is sent on.
      const [shared, rendered] = await Promise.all([
        preview(ctx.path),
        ctx.state.user ? null : drawn(ctx, guestPages, paths.registry(target)),
      ]);
      if (!rendered) {
        ctx.redirect(paths.registry(target));
        return;
      }
      ctx.type = 'html';
      sendPage(
        ctx,
        withCanonical(shared ? withPreview(pageShell, shared) : pageShell, pageUrl(guestPages.publicUrl, paths.registry(target))),
        rendered,
      );
      return;
    }
    // The app shows its "Page not found" at an address it has no page for; the status says so too,
    // for search engines and link checkers.
    ctx.status = isPagePath(ctx.path) ? 200 : 404;
    ctx.type = 'html';
    // Side by side, so the registry both need is read once. Drawn for visitors only: what a
    // signed-in family sees is theirs, and their browser draws it.
    const [shared, rendered] = await Promise.all([preview(ctx.path), guestPages && !ctx.state.user ? drawn(ctx, guestPages) : null]);
    // The preview goes into the shell, a few kilobytes, before a drawn page makes it a hundred.
    const head = shared ? withPreview(pageShell, shared) : pageShell;
    if (rendered) sendPage(ctx, head, rendered);
    else ctx.body = head;
  };
  return [apiNotFound, appShell, files];
}
