import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  GUEST_PAGE_TARGET_BYTES,
  GUEST_PATH,
  readManifest,
  GUEST_PATH_CEILING_BYTES,
  OWNER_AND_ADMIN_ONLY,
  chunkSources,
  guestPathReport,
  guestPathSources,
} from '../../scripts/guest-bundle';
import { webRoot } from './browser';

// Reads the built app (npm run build:web), as the journeys in this folder run it.
describe('the JavaScript a guest downloads on the way to giving', () => {
  it('is read from the build', () => {
    expect(existsSync(path.join(webRoot, '.vite', 'manifest.json')), 'The web app is not built: run npm run build:web').toBe(true);
  });

  it("holds none of the owner's or the administrator's code", () => {
    const sources = guestPathSources(webRoot);
    expect(sources.some((source) => source.startsWith('web/src/features/registries/pages/registry-page'))).toBe(true);
    expect(sources.filter((source) => OWNER_AND_ADMIN_ONLY.some((pattern) => pattern.test(source)))).toEqual([]);
  });

  it('stays within its ceiling, brotli-compressed, with the page shell in one script', () => {
    const report = guestPathReport(webRoot);
    expect(report.steps.map((step) => step.route)).toEqual(GUEST_PATH.map((step) => step.route));
    expect(report.totalBrotliBytes).toBeLessThanOrEqual(GUEST_PATH_CEILING_BYTES);
  });

  it("loads the gift form's rules (Yup) at its first use, not before the form answers, and no Formik", () => {
    const gift = guestPathReport(webRoot).steps.find((step) => step.route === '/gift/{id}')!;
    const isYup = (source: string) => source.includes('node_modules/yup/');
    expect(
      chunkSources(
        webRoot,
        gift.chunks.map((chunk) => chunk.key),
      ).filter(isYup),
    ).toEqual([]);
    expect(
      chunkSources(
        webRoot,
        gift.onFirstUse.map((chunk) => chunk.key),
      ).some(isYup),
    ).toBe(true);
    const isFormik = (source: string) => source.includes('node_modules/formik/');
    expect(
      chunkSources(
        webRoot,
        [...gift.chunks, ...gift.onFirstUse].map((chunk) => chunk.key),
      ).filter(isFormik),
    ).toEqual([]);
  });

  it('keeps each page within the target, opened first', () => {
    const overTarget = guestPathReport(webRoot)
      .steps.filter((step) => step.totalBrotliBytes > GUEST_PAGE_TARGET_BYTES)
      .map((step) => `${step.route}: ${(step.totalBrotliBytes / 1024).toFixed(1)} KB`);
    expect(overTarget).toEqual([]);
  });

  it("opens every script of the way with V8's compile hint, as served in each encoding, and no owner's page", () => {
    const manifest = readManifest(webRoot);
    const opening = (file: string) => {
      const at = path.join(webRoot, file);
      // A script under 1 KB is served as it is, without compressed siblings.
      const served = [readFileSync(at)];
      if (existsSync(`${at}.br`)) served.push(brotliDecompressSync(readFileSync(`${at}.br`)), gunzipSync(readFileSync(`${at}.gz`)));
      return served.map((bytes) => bytes.toString('utf8', 0, 40).split('\n')[0]);
    };
    const files = guestPathReport(webRoot).chunks.map((chunk) => chunk.file);
    expect(files.length).toBeGreaterThan(3);
    expect(files.filter((file) => opening(file).some((line) => line !== '//# allFunctionsCalledOnLoad'))).toEqual([]);
    const ownerPage = manifest['src/features/registries/pages/create-registry-page.tsx']!.file;
    expect(opening(ownerPage)[0]).not.toContain('allFunctionsCalledOnLoad');
  });
});
