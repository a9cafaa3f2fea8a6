import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { atLeast, atMost, median, record, say } from './report';
import { freePort, unpinnedWhileStarting } from './service-process';
import { CHROMIUM, CHROMIUM_FLAGS, guestPagesServer } from './guest-pages-server';
import { aRegistryWithAPhoto } from './photo-registry';
import { LIGHTHOUSE_DEVTOOLS_SETTINGS, phoneWayIn } from './phone-network';

const RUNS = 5;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = { performance: 98, accessibility: 100, 'best-practices': 95, seo: 95 };

/** Issue 42: the guest pages' Total Blocking Time on an idle machine. */
const TBT_TARGET_MS = 200;

/** Issue 12: at most this many requests before the page paints. */
const REQUESTS_BEFORE_PAINT = 12;

/**
 * How many requests the page started before its first paint and before its largest paint, in
 * the unthrottled load Lighthouse observed (its simulation reorders nothing).
 */
function requestsBeforePaints(lhr: { audits: Record<string, { details?: unknown }> }): { beforePaint: number; beforeLargestPaint: number } {
  const metrics = (
    lhr.audits.metrics?.details as
      | { items?: { observedFirstContentfulPaint?: number; observedLargestContentfulPaint?: number }[] }
      | undefined
  )?.items?.[0];
  const requests = (lhr.audits['network-requests']?.details as { items?: { networkRequestTime?: number }[] } | undefined)?.items ?? [];
  const startedBy = (time: number | undefined) =>
    requests.filter((request) => time !== undefined && (request.networkRequestTime ?? Infinity) <= time).length;
  return {
    beforePaint: startedBy(metrics?.observedFirstContentfulPaint),
    beforeLargestPaint: startedBy(metrics?.observedLargestContentfulPaint),
  };
}

async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'registry-bench-chromium-'));
  // Not pinned to the load generator's core: a phone's browser has its own.
  const chromium = await unpinnedWhileStarting(async () =>
    spawn(CHROMIUM, ['--headless', ...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
      stdio: 'ignore',
    }),
  );
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

/**
 * Lighthouse's mobile preset on the three pages a guest sees, against the real server on PGlite;
 * the median of five runs. Throttled by DevTools with the preset's values rather than simulated
 * (the simulation credits the page with a server and a network it has not met), through a way in
 * that charges each new connection its round trip, every run on connections of its own.
 */
export async function lighthouseBench(): Promise<void> {
  const started = await guestPagesServer();
  if (!started) return;
  const { server, database } = started;
  const chromium = await startChromium();
  const way = await phoneWayIn(server.url);
  try {
    // As real registries are: with a photo, whose sized copies the page offers.
    const registry = await aRegistryWithAPhoto(server.url);
    const pages = [
      ['/', '/'],
      ['/registry/{id}', `/registry/${registry.id}`],
      ['/gift/{id}', `/gift/${registry.id}`],
    ] as const;
    for (const [name, pagePath] of pages) {
      const runs: {
        scores: Record<string, number>;
        lcp: number;
        tbt: number;
        cls: number;
        beforePaint: number;
        beforeLargestPaint: number;
      }[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        way.dropConnections();
        const result = await lighthouse(`${way.url}${pagePath}`, {
          port: chromium.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: [...CATEGORIES],
          ...LIGHTHOUSE_DEVTOOLS_SETTINGS,
        });
        const lhr = result!.lhr;
        // LIGHTHOUSE_REPORTS=folder keeps each run's whole report, to see what a score is made of.
        if (process.env.LIGHTHOUSE_REPORTS) {
          mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
          writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${name.replace(/\W+/g, '-')}-${run + 1}.json`), JSON.stringify(lhr));
        }
        runs.push({
          scores: Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)])),
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
          ...requestsBeforePaints(lhr),
        });
      }
      say(`\n  ${name} (median of ${RUNS})`);
      for (const category of CATEGORIES) {
        record(`    ${category}`, median(runs.map((run) => run.scores[category]!)), '', atLeast(TARGETS[category]));
      }
      record('    LCP', Math.round(median(runs.map((run) => run.lcp))), 'ms');
      record(
        '    TBT',
        Math.round(median(runs.map((run) => run.tbt))),
        'ms',
        atMost(TBT_TARGET_MS),
        `runs: ${runs.map((run) => Math.round(run.tbt)).join(', ')}`,
      );
      record('    CLS', Number(median(runs.map((run) => run.cls)).toFixed(3)), '');
      record('    requests before first paint', median(runs.map((run) => run.beforePaint)), '', atMost(REQUESTS_BEFORE_PAINT));
      record(
        '    requests before the largest paint (the content)',
        median(runs.map((run) => run.beforeLargestPaint)),
        '',
        atMost(REQUESTS_BEFORE_PAINT),
      );
    }
  } finally {
    await way.stop();
    await chromium.stop();
    await server.stop();
    await database.drop();
  }
}
