import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';
import { firstVisitChunks } from './vite-route-preload.js';

/**
 * V8's explicit compile hint (v8.dev/blog/explicit-compile-hints): every function of a script
 * that opens with it is compiled on a background thread while the script downloads, not on the
 * main thread at its first call. Honoured on the first line only.
 */
const COMPILE_ALL_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the chunks a first visit runs at once (scripts/vite-route-preload.ts), and the modules
 * named (relative to web/: what every page loads after it shows, what a guest's form loads at its
 * first use), with the compile hint. On a slow phone most of the app's first render went to compiling its functions one by one
 * as they were first called, after a download during which the main thread sat idle: a Give tapped
 * before the app was live opened the gift form about 120 ms later (test/bench/README.md). Chunks
 * loaded later, for owners' and administrators' pages, are left to compile lazily: much of them
 * never runs.
 */
export function compileHints(otherModules: readonly string[]): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own rewriting of the chunks, which puts its table of preloads on the first
      // line, and after the compression plugin wrote the siblings, which are written again here.
      order: 'post',
      handler(_options, bundle: OutputBundle) {
        for (const chunk of firstVisitChunks(bundle, otherModules)) {
          chunk.code = `${COMPILE_ALL_HINT}${chunk.code}`;
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset') {
            const parsed = JSON.parse(String(map.source)) as { mappings: string };
            // One line more at the top: every mapping moves down one line.
            map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
          }
          const brotli = bundle[`${chunk.fileName}.br`];
          if (brotli?.type === 'asset')
            brotli.source = brotliCompressSync(chunk.code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
          const gzip = bundle[`${chunk.fileName}.gz`];
          if (gzip?.type === 'asset') gzip.source = gzipSync(chunk.code, { level: 9 });
        }
      },
    },
  };
}
