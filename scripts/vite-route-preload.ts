import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

// api/server-rendering.ts's names (Vite's config loader reads no path alias; a test checks they agree).
const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
const PAGE_READY_ATTRIBUTE = 'data-page-ready';
const PENDING_NAVIGATION_ATTRIBUTE = 'data-pending-navigation';
const SERVER_DATA_ELEMENT_ID = 'server-data';
const APP_SCRIPTS_START = '<!--app-scripts-->';
const APP_SCRIPTS_END = '<!--/app-scripts-->';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The pages a first visit most often opens, as web/src/app/router.tsx routes them, and the calls
 * each page makes as soon as it renders ($1 is the address's first captured part). Every page asks
 * who is signed in and how the server is set up.
 */
const EVERY_PAGE_CALLS = ['/api/user', '/api/config'];
const ROUTES: { pattern: RegExp; page: string; calls?: string[] }[] = [
  { pattern: /^\/$/, page: 'src/features/home/pages/landing-page.tsx', calls: ['/api/registries/recent', '/api/charities'] },
  { pattern: /^\/registry\/([^/]+)\/?$/, page: 'src/app/routes/registry-route.tsx', calls: ['/api/registries/$1'] },
  { pattern: /^\/gift\/([^/]+)\/?$/, page: 'src/features/gifts/pages/gift-page.tsx', calls: ['/api/registries/$1', '/api/charities'] },
  { pattern: /^\/checkout\/[^/]+\/?$/, page: 'src/features/gifts/pages/checkout-page.tsx' },
  { pattern: /^\/r\/[^/]+\/?$/, page: 'src/features/registries/pages/short-link-page.tsx' },
  { pattern: /^\/i\/([^/]+)\/?$/, page: 'src/features/invitations/pages/invitation-page.tsx', calls: ['/api/invitations/$1'] },
  { pattern: /^\/charities\/?$/, page: 'src/features/charities/pages/charities-page.tsx', calls: ['/api/charities'] },
  { pattern: /^\/faq\/?$/, page: 'src/features/faq/pages/faq-page.tsx' },
];

/**
 * The chunks a first visit runs as soon as they arrive: the app's shell (the entry and what it
 * imports), the pages above and the other modules named (relative to web/, as the pages are),
 * with their imports.
 */
export function firstVisitChunks(bundle: OutputBundle, otherModules: readonly string[] = []): OutputChunk[] {
  const entry = chunks(bundle).find((chunk) => chunk.isEntry);
  if (!entry) return [];
  const files = closure(bundle, entry.fileName);
  for (const module of [...ROUTES.map(({ page }) => page), ...otherModules]) {
    closure(bundle, chunkOf(bundle, module).fileName, files);
  }
  return chunks(bundle).filter((chunk) => files.has(chunk.fileName));
}

/** The chunk a module (relative to web/) starts; the build fails for one that was renamed. */
function chunkOf(bundle: OutputBundle, module: string): OutputChunk {
  const chunk = chunks(bundle).find((candidate) => candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(`/web/${module}`));
  if (!chunk) throw new Error(`route-preload: no chunk for ${module}; update ROUTES in scripts/vite-route-preload.ts`);
  return chunk;
}

function chunks(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
}

/** A chunk's file and its static imports', transitively. */
function closure(bundle: OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) closure(bundle, imported, into);
  return into;
}

/**
 * The page's first script (scripts/first-load.template.js), with this build's tables: the chunks
 * and calls of the pages a first visit most often opens, and the app's own scripts, which a page
 * the server drew loads through it (the server leaves them out of that page's head: see
 * APP_SCRIPTS_START). Loaded async from the head of every page; a separate file because the
 * Content-Security-Policy allows no inline script.
 */
export function routePreload(): Plugin {
  let outDir = '';
  let script: { fileName: string; source: string } | null = null;
  return {
    name: 'route-preload',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return;
        const bundle = ctx.bundle;
        const entry = chunks(bundle).find((chunk) => chunk.isEntry);
        if (!entry) return;
        const loadedByTheShell = closure(bundle, entry.fileName);
        const table = ROUTES.map(({ pattern, page, calls = [] }) => {
          const chunk = chunkOf(bundle, page);
          const files = [...closure(bundle, chunk.fileName)].filter((file) => !loadedByTheShell.has(file));
          return `[${pattern.toString()},${JSON.stringify(files)},${JSON.stringify(calls)}]`;
        });
        // Vite's tags for the entry and the chunks it imports, marked so the server can leave them out.
        const appScripts = new RegExp(
          `<script type="module" crossorigin src="/${escapeRegExp(entry.fileName)}"></script>(\\s*<link rel="modulepreload" crossorigin href="[^"]+">)*`,
        );
        const tags = appScripts.exec(html)?.[0];
        if (!tags) throw new Error(`route-preload: the built page has no script tag for ${entry.fileName}`);
        const app = {
          entry: `/${entry.fileName}`,
          preload: [...tags.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((match) => match[1]),
        };
        const source = readFileSync(new URL('./first-load.template.js', import.meta.url), 'utf8')
          // Its comments (the linter's list of the names filled in here among them) are for us, not for the guest's phone.
          .replace(/^\s*\/\/.*\n/gm, '')
          .replace(/^\/\* global .*\*\/\n/m, '')
          .replace('__ROUTES__', () => `[${table.join(',')}]`)
          .replace('__EVERY_PAGE_CALLS__', () => JSON.stringify(EVERY_PAGE_CALLS))
          .replace('__APP_SCRIPTS__', () => JSON.stringify(app))
          .replace('__SERVER_RENDERED_ATTRIBUTE__', () => JSON.stringify(SERVER_RENDERED_ATTRIBUTE))
          .replace('__PAGE_READY_ATTRIBUTE__', () => JSON.stringify(PAGE_READY_ATTRIBUTE))
          .replace('__PENDING_NAVIGATION_ATTRIBUTE__', () => JSON.stringify(PENDING_NAVIGATION_ATTRIBUTE))
          .replace('__SERVER_DATA_ELEMENT_ID__', () => JSON.stringify(SERVER_DATA_ELEMENT_ID));
        const unfilled = /__[A-Z_]+__/.exec(source);
        if (unfilled) throw new Error(`route-preload: ${unfilled[0]} is not filled in`);
        const fileName = `assets/route-preload-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;
        script = { fileName, source };
        return {
          html: html.replace(tags, () => `${APP_SCRIPTS_START}${tags}${APP_SCRIPTS_END}`),
          tags: [{ tag: 'script', attrs: { src: `/${fileName}`, async: true }, injectTo: 'head-prepend' }],
        };
      },
    },
    writeBundle() {
      if (!script) return;
      // Written here, after the bundle, so the compression plugin never saw it: its siblings too.
      const file = path.join(outDir, script.fileName);
      writeFileSync(file, script.source);
      writeFileSync(`${file}.br`, brotliCompressSync(script.source));
      writeFileSync(`${file}.gz`, gzipSync(script.source));
    },
  };
}
