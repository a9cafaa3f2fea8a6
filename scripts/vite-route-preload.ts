import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** api/server-rendering.ts's SERVER_RENDERED_ATTRIBUTE (Vite's config loader reads no path alias; a test checks they agree). */
const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

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
  { pattern: /^\/charities\/?$/, page: 'src/features/charities/pages/charities-page.tsx', calls: ['/api/charities'] },
  { pattern: /^\/faq\/?$/, page: 'src/features/faq/pages/faq-page.tsx' },
];

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
 * Starts the current page's chunks downloading alongside the app's entry instead of after it:
 * a small script, loaded async from the page's head, adds `<link rel="modulepreload">` for the
 * chunks of the route the address names. A separate file because the Content-Security-Policy
 * allows no inline script.
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
      handler(_html, ctx) {
        if (!ctx.bundle) return;
        const bundle = ctx.bundle;
        const entry = chunks(bundle).find((chunk) => chunk.isEntry);
        if (!entry) return;
        const loadedByTheShell = closure(bundle, entry.fileName);
        const table = ROUTES.flatMap(({ pattern, page, calls = [] }) => {
          const chunk = chunks(bundle).find((candidate) => candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(`/web/${page}`));
          if (!chunk) throw new Error(`route-preload: no chunk for ${page}; update ROUTES in scripts/vite-route-preload.ts`);
          const files = [...closure(bundle, chunk.fileName)].filter((file) => !loadedByTheShell.has(file));
          return [`[${pattern.toString()},${JSON.stringify(files)},${JSON.stringify(calls)}]`];
        });
        // The calls are preloaded as apiFetch makes them (with cookies), so its fetch takes the
        // answer already on its way instead of asking only once the app has rendered; a page drawn
        // on the server holds their answers already.
        const source = `(function(){var r=[${table.join(',')}],e=${JSON.stringify(EVERY_PAGE_CALLS)},p=location.pathname,s=document.documentElement.hasAttribute(${JSON.stringify(SERVER_RENDERED_ATTRIBUTE)});function a(h,rel,c,as){var l=document.createElement('link');l.rel=rel;l.crossOrigin=c;l.href=h;if(as)l.as=as;document.head.appendChild(l);}function d(c){if(!s)a(c,'preload','use-credentials','fetch');}for(var i=0;i<r.length;i++){var m=p.match(r[i][0]);if(m){r[i][1].forEach(function(f){a('/'+f,'modulepreload','');});e.concat(r[i][2].map(function(c){return c.replace('$1',m[1]);})).forEach(d);return;}}e.forEach(d);})();\n`;
        const fileName = `assets/route-preload-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;
        script = { fileName, source };
        return [{ tag: 'script', attrs: { src: `/${fileName}`, async: true }, injectTo: 'head-prepend' }];
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
