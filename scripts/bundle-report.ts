// Prints the JavaScript a guest downloads on the way /r/{code} → /registry/{id} → /gift/{id} →
// /checkout/{id}, from the built app's manifest; run `npm run build:web` first. Exits non-zero over budget.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bytesByOwner, GUEST_PAGE_TARGET_BYTES, GUEST_PATH_CEILING_BYTES, GUEST_PATH_TARGET_BYTES, guestPathReport } from './guest-bundle';

const webRoot = path.join(fileURLToPath(new URL('..', import.meta.url)), 'dist', 'web');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const report = guestPathReport(webRoot);
for (const step of report.steps) {
  const withinPage = step.totalBrotliBytes <= GUEST_PAGE_TARGET_BYTES;
  console.log(
    `${step.route}: ${step.chunks.length} scripts, ${kb(step.totalBrotliBytes)} brotli when opened first (issue 22's target ${kb(GUEST_PAGE_TARGET_BYTES)}: ${withinPage ? 'within' : 'OVER'})${step.onFirstUse.length ? `, then ${kb(step.onFirstUseBrotliBytes)} in ${step.onFirstUse.length} at its first use` : ''}, ${kb(step.newBrotliBytes)} more after the steps before`,
  );
  // Every page is held within the target, as the build checks hold it.
  if (!withinPage) process.exitCode = 1;
}
console.log('\nscript                                        raw        brotli');
for (const chunk of [...report.chunks].sort((a, b) => b.brotliBytes - a.brotliBytes)) {
  console.log(`${chunk.file.padEnd(44)} ${kb(chunk.rawBytes).padStart(10)} ${kb(chunk.brotliBytes).padStart(10)}`);
}
const byPackage = bytesByOwner(webRoot, report.chunks);
console.log('\nwhose code (estimated from the source maps)     brotli');
for (const [owner, bytes] of [...byPackage].sort((a, b) => b[1] - a[1])) {
  if (bytes >= 512) console.log(`${owner.padEnd(44)} ${kb(bytes).padStart(10)}`);
}
const total = report.totalBrotliBytes;
console.log(`\nguest path: ${report.chunks.length} scripts, ${kb(total)} brotli`);
console.log(
  `  ceiling (the build checks fail above it): ${kb(GUEST_PATH_CEILING_BYTES)}, ${total <= GUEST_PATH_CEILING_BYTES ? 'within' : 'OVER'}`,
);
console.log(
  `  target of issue 12: ${kb(GUEST_PATH_TARGET_BYTES)}, ${total <= GUEST_PATH_TARGET_BYTES ? 'reached' : `${kb(total - GUEST_PATH_TARGET_BYTES)} to go`}`,
);
if (total > GUEST_PATH_CEILING_BYTES) process.exitCode = 1;
