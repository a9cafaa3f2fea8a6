// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

import { apiBoundaryPlugin, coreBoundaryPlugin } from './scripts/eslint-core-boundary.js';

// The dependency rule (docs/architecture.md#layers): core is pure TypeScript that runs in the browser too,
// so it may import only its own modules, the validation library the web shares with it, and the
// Hebrew calendar (pure date arithmetic, used on the server only: see core/registry/hebrew-date.ts).
// The other boundaries (adapters, web features, cycles) are in .dependency-cruiser.js.
const coreBoundary = coreBoundaryPlugin({ coreDir: 'core', allowedPackages: ['yup', '@hebcal/core'] });
// The wire module (api/) is pure too, and shared by the server's presenters and the web: it may
// import only itself, core and the library that reads its JSON Schemas as types (no run time).
const apiBoundary = apiBoundaryPlugin({ apiDir: 'api', coreDir: 'core', allowedPackages: ['json-schema-to-ts'] });

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', '.build/**', 'data/**', 'test-results/**', 'scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['core/**/*.ts'],
    plugins: { boundary: coreBoundary },
    rules: {
      'boundary/only-core-and-allowed-packages': 'error',
      'no-restricted-globals': ['error', 'process', 'Buffer', 'require', '__dirname'],
    },
  },
  {
    files: ['api/**/*.ts'],
    plugins: { boundary: apiBoundary },
    rules: {
      'boundary/only-api-core-and-allowed-packages': 'error',
      'no-restricted-globals': ['error', 'process', 'Buffer', 'require', '__dirname'],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/adapters/**', '**/bootstrap/**', 'node:*', 'koa*', '@mikro-orm/*'],
              message: 'web/ talks to the server over HTTP only; it may import pure modules from core/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['adapters/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/bootstrap/**', '**/web/**'], message: 'adapters depend on core, not on bootstrap or web.' }],
        },
      ],
    },
  },
  {
    files: ['bootstrap/cli.ts', 'bootstrap/migration-create.ts', 'adapters/cli/**/*.ts', 'test/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
