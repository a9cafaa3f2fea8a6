import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { atLeast, median, record, say } from './report';
import { freePort, PROJECT_ROOT, startService } from './service-process';
import { createBenchDatabase, openMigrated, seedFamily } from './bench-database';

const RUNS = 3;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The team's flags for Debian's Chromium (no sandbox in containers, nothing fetched from outside).
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 };

async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'registry-bench-chromium-'));
  const chromium = spawn(CHROMIUM, [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    port,
    stop: () =>
      new Promise((resolve) => {
        chromium.once('exit', () => {
          rmSync(profile, { recursive: true, force: true });
          resolve();
        });
        chromium.kill('SIGTERM');
      }),
  };
}

/** The web app as `npm start` serves it: built once if the build is missing. */
function ensureWebBuild(): void {
  if (existsSync(path.join(PROJECT_ROOT, 'dist', 'web', 'index.html'))) return;
  say('  building the web app (dist/web is missing)');
  const built = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the web build failed');
}

/**
 * Lighthouse's mobile preset (its default: a mid-range phone on a slow 4G network, simulated) on
 * the three pages a guest sees, against the real server on PGlite; the median of three runs.
 */
export async function lighthouseBench(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    say(`(skipped: no Chromium at ${CHROMIUM}; install Debian's chromium or set CHROMIUM_PATH)`);
    return;
  }
  ensureWebBuild();
  const database = await createBenchDatabase('pglite');
  const orm = await openMigrated(database);
  const seeded = await seedFamily(orm);
  await orm.close(true);
  const server = await startService('server', 'bootstrap/server.ts', { ...database.serverEnv, LOG_LEVEL: 'warn', NODE_ENV: 'development' });
  const chromium = await startChromium();
  try {
    const pages = [
      ['/', '/'],
      ['/registry/{id}', `/registry/${seeded.viewedRegistryId}`],
      ['/gift/{id}', `/gift/${seeded.viewedRegistryId}`],
    ] as const;
    for (const [name, pagePath] of pages) {
      const runs: { scores: Record<string, number>; lcp: number; tbt: number; cls: number }[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const result = await lighthouse(`${server.url}${pagePath}`, { port: chromium.port, logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES] });
        const lhr = result!.lhr;
        runs.push({
          scores: Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)])),
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
        });
      }
      say(`\n  ${name} (median of ${RUNS})`);
      for (const category of CATEGORIES) {
        record(`    ${category}`, median(runs.map((run) => run.scores[category]!)), '', atLeast(TARGETS[category]));
      }
      record('    LCP', Math.round(median(runs.map((run) => run.lcp))), 'ms');
      record('    TBT', Math.round(median(runs.map((run) => run.tbt))), 'ms');
      record('    CLS', Number(median(runs.map((run) => run.cls)).toFixed(3)), '');
    }
  } finally {
    await chromium.stop();
    await server.stop();
    await database.drop();
  }
}
