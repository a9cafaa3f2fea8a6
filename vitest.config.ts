import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// Migrates once into templates that every test database copies (test/support/migrated-templates.ts).
const migratedTemplates = './test/support/migrated-templates.ts';

export default defineConfig({
  // As tsconfig.json's paths say.
  resolve: {
    alias: {
      '@core': fileURLToPath(new URL('./core', import.meta.url)),
      '@api': fileURLToPath(new URL('./api', import.meta.url)),
      '@': fileURLToPath(new URL('./web/src', import.meta.url)),
    },
  },
  test: {
    // Vitest leaves one core free by default, which on a 2-core machine is half of it; the tests
    // wait on databases, servers and Chromium often enough to keep both cores busy.
    maxWorkers: 2,
    // The node projects share a worker's modules from file to file (isolate: false, per project
    // below): each file starts its own server and database, and none mocks a module, fakes timers or
    // changes the environment without putting it back, so what one file loads another may reuse.
    // Loading the server's modules again for each file was a third of those projects' time, and the
    // journeys of a worker share its Chromium too (test/e2e/browser.ts). The web project's files mock
    // modules and keep app state in the module scope, so each still gets modules of its own, in a VM
    // context of a worker that lives on (pool 'vmForks'): Node resolves, compiles and optimises
    // React, MUI and jsdom once per worker instead of once per file (web project 141 → 85 s).
    projects: [
      { test: { name: 'core', include: ['test/core/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        test: {
          name: 'contract',
          include: ['test/contract/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          globalSetup: [migratedTemplates],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'http',
          include: ['test/http/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          globalSetup: [migratedTemplates],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'adapters',
          include: ['test/adapters/**/*.test.ts', 'test/bootstrap/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          globalSetup: [migratedTemplates],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['test/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          pool: 'vmForks',
          // A VM context keeps some of what each file loaded; a worker past this much heap is
          // replaced by a fresh process, which costs a second (one grew to 1.6 GB over 25 files).
          vmMemoryLimit: '2GB',
          setupFiles: ['test/web/vm-globals.ts', 'test/web/setup.ts'],
          testTimeout: 20_000,
          // SWR keeps what it has seen in its module: inlined, vi.resetModules gives a test a fresh
          // one, as a page load gives the browser (test/web/server-rendering.test.tsx).
          server: { deps: { inline: ['swr'] } },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          globalSetup: [migratedTemplates],
          testTimeout: 180_000,
          hookTimeout: 240_000,
          // A poll asks whether the screen came to a state, not how fast: Vitest's default second
          // failed a gift form that took longer to come live on a machine loaded by other tests.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
