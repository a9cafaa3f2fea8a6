import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** The pages a first visit most often opens, as web/src/app/router.tsx routes them. */
const ROUTES: { pattern: RegExp; page: string }[] = [
  { pattern: /^\/$/, page: 'src/features/home/pages/landing-page.tsx' },
  { pattern: /^\/registry\/[^/]+\/?$/, page: 'src/app/routes/registry-route.tsx' },
  { pattern: /^\/gift\/[^/]+\/?$/, page: 'src/features/gifts/pages/gift-page.tsx' },
  { pattern: /^\/checkout\/[^/]+\/?$/, page: 'src/features/gifts/pages/checkout-page.tsx' },
  { pattern: /^\/r\/[^/]+\/?$/, page: 'src/features/registries/pages/short-link-page.tsx' },
  { pattern: /^\/charities\/?$/, page: 'src/features/charities/pages/charities-page.tsx' },
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
        const table = ROUTES.flatMap(({ pattern, page }) => {
          const chunk = chunks(bundle).find((candidate) => candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(`/web/${page}`));
          if (!chunk) throw new Error(`route-preload: no chunk for ${page}; update ROUTES in scripts/vite-route-preload.ts`);
          const files = [...closure(bundle, chunk.fileName)].filter((file) => !loadedByTheShell.has(file));
          return [`[${pattern.toString()},${JSON.stringify(files)}]`];
        });
        const source = `(function(){var r=[${table.join(',')}],p=location.pathname;for(var i=0;i<r.length;i++){if(r[i][0].test(p)){r[i][1].forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href='/'+f;document.head.appendChild(l);});return;}}})();\n`;
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
