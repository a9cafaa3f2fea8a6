import path from 'node:path';
import { bytesByOwner, GUEST_PATH_TARGET_BYTES, guestPathReport, OUR_CODE } from '../../scripts/guest-bundle';
import { atMost, record, say } from './report';
import { ensureWebBuild } from './web-build';
import { PROJECT_ROOT } from './service-process';

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));

/**
 * The JavaScript a guest downloads on the way /r/{code} → /registry/{id} → /gift/{id} →
 * /checkout/{id} (brotli, as served), against issue 12's target, and its floor: the part that is
 * the libraries' code (React, the router, MUI and emotion, SWR, Formik, Yup), which no split of
 * ours can remove.
 */
export async function bundleBench(): Promise<void> {
  ensureWebBuild();
  const webRoot = path.join(PROJECT_ROOT, 'dist', 'web');
  const report = guestPathReport(webRoot);
  for (const step of report.steps) {
    record(`  ${step.route}: scripts when opened first`, step.chunks.length, '', null, `${kb(step.totalBrotliBytes)} KB`);
  }
  const owners = bytesByOwner(webRoot, report.chunks);
  const packages = [...owners].filter(([owner]) => !owner.startsWith('('));
  const ours = owners.get(OUR_CODE) ?? 0;
  const libraries = packages.reduce((total, [, bytes]) => total + bytes, 0);
  record(
    '  guest path JavaScript (brotli)',
    kb(report.totalBrotliBytes),
    'KB',
    atMost(kb(GUEST_PATH_TARGET_BYTES)),
    `${report.chunks.length} scripts`,
  );
  record(
    '  of which libraries (the floor)',
    kb(libraries),
    'KB',
    null,
    packages
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([owner, bytes]) => `${owner} ${kb(bytes)}`)
      .join(', '),
  );
  record('  of which our code', kb(ours), 'KB');
  say(`  (the rest, ${kb(report.totalBrotliBytes - libraries - ours)} KB, is the bundler's glue and runtime)`);
}
