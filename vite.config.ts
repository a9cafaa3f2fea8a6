import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';
import { routePreload } from './scripts/vite-route-preload.js';
import { compileHints } from './scripts/vite-compile-hints.js';
import { EVERY_PAGE_LAZY, GUEST_PATH } from './scripts/guest-bundle.js';

const root = fileURLToPath(new URL('./web', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  root,
  publicDir: fileURLToPath(new URL('./web/public', import.meta.url)),
  // Brotli and gzip siblings of every asset, which the server hands to browsers that accept them.
  // The server's build of the guest pages (dist/server, `vite build --ssr`) is read from disk by
  // Node: not compressed.
  plugins: isSsrBuild
    ? [react()]
    : [
        react(),
        routePreload(),
        compileHints([...EVERY_PAGE_LAZY, ...GUEST_PATH.flatMap((step) => step.onFirstUse ?? [])]),
        compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024, exclude: [/\.map$/] }),
      ],
  // As tsconfig.json's paths say.
  resolve: {
    alias: {
      '@core': fileURLToPath(new URL('./core', import.meta.url)),
      '@api': fileURLToPath(new URL('./api', import.meta.url)),
      '@': fileURLToPath(new URL('./web/src', import.meta.url)),
    },
  },
  // The server's build carries its libraries, React's production build among them, whatever
  // NODE_ENV the server runs with.
  ssr: { noExternal: true },
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? { outDir: fileURLToPath(new URL('./dist/server', import.meta.url)), emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
        outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
        emptyOutDir: true,
        sourcemap: true,
        // dist/web/.vite/manifest.json: which chunks each page needs, read by `npm run bundle:report` and its test.
        manifest: true,
        chunkSizeWarningLimit: 900,
        rolldownOptions: {
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              // What the entry needs before anything paints comes in one chunk, not a dozen small ones.
              groups: [
                { name: 'app-shell', tags: ['$initial'] },
                { name: 'app-shell', test: (id: string) => id.includes('rolldown') && id.includes('runtime') },
                // The field and alert pieces every guest page shares (the registry link, the footer's
                // newsletter, the gift form): one request, not five.
                {
                  name: 'guest-ui',
                  test: /@mui[\\/]material[\\/](FormControl|FormHelperText|InputLabel|InputAdornment|OutlinedInput|Alert|utils[\\/]useSlot)\b/,
                },
              ],
              experimentalInlineCommonChunks: { maxSize: 6 * 1024 },
            },
          },
        },
      },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
}));
