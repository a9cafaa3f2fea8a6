import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';

/** One entry of the manifest Vite writes with `build.manifest` (dist/web/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The guest's way through the product (docs/product.md#screens-and-routes) and the page module each step shows, as
 * the manifest names it (relative to web/). A guest loads the app's entry, then the step's page;
 * what a step loads once the guest starts using it (the gift form's rules, at its first focus)
 * comes after the page answers, and is counted apart.
 */
export const GUEST_PATH: readonly { route: string; page: string; onFirstUse?: readonly string[] }[] = [
  { route: '/r/{code}', page: 'src/features/registries/pages/short-link-page.tsx' },
  { route: '/registry/{id}', page: 'src/app/routes/registry-route.tsx' },
  { route: '/gift/{id}', page: 'src/features/gifts/pages/gift-page.tsx', onFirstUse: ['src/features/gifts/lib/gift-form-rules.ts'] },
  { route: '/checkout/{id}', page: 'src/features/gifts/pages/checkout-page.tsx' },
];

/** The goal of issue 12 for the whole guest path's JavaScript, brotli-compressed. Not reached yet. */
export const GUEST_PATH_TARGET_BYTES = 150 * 1024;

/**
 * What the guest path weighs now (178.6 KB on 2026-11-29, from 246 KB before this work; small shared chunks are inlined into each page, a few KB counted twice here, for far fewer requests), with a little room: the build checks
 * hold it here, so it can only shrink. Lower it as the path gets leaner, towards the target.
 */
export const GUEST_PATH_CEILING_BYTES = 185 * 1024;

/**
 * Issue 22's goal for one page opened first (the app's entry, the page's chunks and the footer),
 * brotli-compressed, until it answers. Every step of the guest's way is within it (the gift form
 * without Formik, its Yup rules loaded at the first focus), and the build checks hold it there.
 */
export const GUEST_PAGE_TARGET_BYTES = 150 * 1024;

/**
 * Source files only owners and administrators use. None may be in a chunk a guest loads: a
 * static import of one from a guest page would make every guest download it.
 */
export const OWNER_AND_ADMIN_ONLY = [
  /^web\/src\/features\/(admin|payouts|thank-you)\//,
  /^web\/src\/features\/registries\/components\/(owner-tools|registry-management|recent-gifts|edit-registry-dialog|delete-registry-dialog|change-currency-dialog|registry-details-fields|hebrew-calendar-field|unlisted-field|charity-choice-field|currency-field)\.tsx$/,
  /^web\/src\/features\/registries\/pages\/(create-registry-page|invitation-insert-page)\.tsx$/,
  /^web\/src\/app\/routes\/owner-payout-sections\.tsx$/,
  /^web\/src\/components\/(photo-upload|form-dialog|layout\/admin-menu)/,
];

export const ENTRY = 'index.html';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

export function readManifest(webRoot: string): Manifest {
  return JSON.parse(readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The manifest keys a module needs before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>();
  const visit = (at: string) => {
    if (seen.has(at)) return;
    const chunk = manifest[at];
    if (!chunk) throw new Error(`The manifest has no chunk ${at}: was it renamed? Update GUEST_PATH.`);
    seen.add(at);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return [...seen];
}

/**
 * Parts every page loads once it is live, whatever the visitor does: counted with each page, since
 * every guest downloads them all the same.
 */
export const EVERY_PAGE_LAZY = ['src/components/layout/footer.tsx'];

/** What a guest who lands on a page first downloads: the entry's chunks, the page's, and the parts every page loads. */
export function chunksForPage(manifest: Manifest, page: string): string[] {
  return [...new Set([ENTRY, page, ...EVERY_PAGE_LAZY].flatMap((key) => staticClosure(manifest, key)))];
}

export interface SizedChunk {
  key: string;
  file: string;
  rawBytes: number;
  brotliBytes: number;
}

/** A chunk's size as served: the .br sibling the build wrote, or the file compressed here. */
export function sizeChunk(webRoot: string, manifest: Manifest, key: string): SizedChunk {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
  const bytes = readFileSync(path.join(webRoot, chunk.file));
  let brotliBytes: number;
  try {
    brotliBytes = readFileSync(path.join(webRoot, `${chunk.file}.br`)).length;
  } catch {
    brotliBytes = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { key, file: chunk.file, rawBytes: bytes.length, brotliBytes };
}

export interface GuestPathReport {
  steps: {
    route: string;
    chunks: SizedChunk[];
    newBrotliBytes: number;
    totalBrotliBytes: number;
    onFirstUse: SizedChunk[];
    onFirstUseBrotliBytes: number;
  }[];
  /** Every chunk any step loads, once. */
  chunks: SizedChunk[];
  totalBrotliBytes: number;
}

/** The JavaScript of each guest step (what it adds to the steps before it) and of the whole path. */
export function guestPathReport(webRoot: string): GuestPathReport {
  const manifest = readManifest(webRoot);
  const loaded = new Map<string, SizedChunk>();
  const steps = GUEST_PATH.map(({ route, page, onFirstUse = [] }) => {
    const keys = chunksForPage(manifest, page);
    const chunks = keys.map((key) => sizeChunk(webRoot, manifest, key));
    const later = [...new Set(onFirstUse.flatMap((key) => staticClosure(manifest, key)))]
      .filter((key) => !keys.includes(key))
      .map((key) => sizeChunk(webRoot, manifest, key));
    const fresh = [...chunks, ...later].filter((chunk) => !loaded.has(chunk.key));
    for (const chunk of fresh) loaded.set(chunk.key, chunk);
    return {
      route,
      chunks,
      newBrotliBytes: sum(fresh.map((chunk) => chunk.brotliBytes)),
      totalBrotliBytes: sum(chunks.map((chunk) => chunk.brotliBytes)),
      onFirstUse: later,
      onFirstUseBrotliBytes: sum(later.map((chunk) => chunk.brotliBytes)),
    };
  });
  const chunks = [...loaded.values()];
  return { steps, chunks, totalBrotliBytes: sum(chunks.map((chunk) => chunk.brotliBytes)) };
}

/**
 * The source files bundled into the chunks a guest loads, from the build's source maps, as paths
 * from the project root (web/src/…, node_modules/…).
 */
export function guestPathSources(webRoot: string): string[] {
  return chunkSources(
    webRoot,
    guestPathReport(webRoot).chunks.map((chunk) => chunk.key),
  );
}

/** The source files bundled into the named chunks (manifest keys), as guestPathSources gives them. */
export function chunkSources(webRoot: string, keys: readonly string[]): string[] {
  const manifest = readManifest(webRoot);
  const files = new Set(keys.map((key) => manifest[key]?.file ?? ''));
  const sources = new Set<string>();
  for (const file of files) {
    const mapFile = path.join(webRoot, `${file}.map`);
    // The bundler's own runtime chunk comes without a map; it holds no source of ours.
    if (!existsSync(mapFile)) continue;
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
    // Resolved from where the build wrote the map (dist links to the build's own folder).
    const folder = path.dirname(realpathSync(path.join(webRoot, file)));
    for (const source of map.sources) sources.add(path.relative(projectRoot, path.resolve(folder, source)));
  }
  return [...sources];
}

export const OUR_CODE = '(our code: web/, core/, api/)';

/** The npm package a bundled source belongs to ('@mui/material', 'react-dom'), or null for our own code. */
function packageOf(source: string): string | null {
  const inModules = source.lastIndexOf('node_modules/');
  if (inModules === -1) return null;
  const [scope = '', name = ''] = source.slice(inModules + 'node_modules/'.length).split('/');
  return scope.startsWith('@') ? `${scope}/${name}` : scope;
}

/**
 * How a chunk's brotli bytes divide between the npm packages in it and our own code: each
 * source's share of the minified text (from the source map), applied to the compressed size. An
 * estimate (code compresses unevenly), close enough to tell the libraries' floor from our part.
 */
export function bytesByPackage(webRoot: string, chunk: SizedChunk): Map<string, number> {
  const shares = new Map<string, number>();
  const mapFile = path.join(webRoot, `${chunk.file}.map`);
  // The bundler's own runtime comes without a map.
  if (!existsSync(mapFile)) return new Map([['(bundler runtime)', chunk.brotliBytes]]);
  const lines = readFileSync(path.join(webRoot, chunk.file), 'utf8').split('\n');
  const consumer = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')));
  const spans: { line: number; column: number; owner: string }[] = [];
  consumer.eachMapping((mapping) => {
    const owner = mapping.source ? (packageOf(mapping.source) ?? OUR_CODE) : '(no source: bundler glue)';
    spans.push({ line: mapping.generatedLine, column: mapping.generatedColumn, owner });
  });
  spans.sort((a, b) => a.line - b.line || a.column - b.column);
  let mapped = 0;
  spans.forEach((span, index) => {
    const next = spans[index + 1];
    const end = next && next.line === span.line ? next.column : (lines[span.line - 1]?.length ?? span.column);
    shares.set(span.owner, (shares.get(span.owner) ?? 0) + (end - span.column));
    mapped += end - span.column;
  });
  return new Map([...shares].map(([owner, bytes]) => [owner, (chunk.brotliBytes * bytes) / Math.max(1, mapped)]));
}

/** bytesByPackage over several chunks, summed per owner. */
export function bytesByOwner(webRoot: string, chunks: readonly SizedChunk[]): Map<string, number> {
  const owners = new Map<string, number>();
  for (const chunk of chunks) {
    for (const [owner, bytes] of bytesByPackage(webRoot, chunk)) owners.set(owner, (owners.get(owner) ?? 0) + bytes);
  }
  return owners;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
