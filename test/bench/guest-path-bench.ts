import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, guestPagesServer } from './guest-pages-server';
import { atMost, median, record, say } from './report';
import { unpinnedWhileStarting } from './service-process';
import { aRegistryWithAPhoto } from './photo-registry';
import { DEVTOOLS_CONDITIONS, FLOOR_PAGE_PATH, LIGHTHOUSE_MOBILE, phoneWayIn, withoutScript, type PhoneWayIn } from './phone-network';

const RUNS = 5;

/** Issue 22's targets, from tapping the short link; issue 42's, against the floor page. */
const FIRST_SCREEN_MS = 1_200;
const FORM_USABLE_MS = 2_500;
const FIRST_SCREEN_OF_FLOOR = 1.25;

async function throttled(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', DEVTOOLS_CONDITIONS);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: LIGHTHOUSE_MOBILE.cpuSlowdown });
}

type Browser = Awaited<ReturnType<typeof chromium.launch>>;

async function aPhone(browser: Browser, way: PhoneWayIn): Promise<Page> {
  way.dropConnections();
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await throttled(page);
  return page;
}

/** Waits until the child's name, the photo (decoded) and a Give a Gift link are on the page. */
async function firstScreenOf(page: Page, childName: string): Promise<void> {
  await page.waitForFunction(
    (name) => {
      const heading = document.querySelector('h1');
      const photo = document.querySelector<HTMLImageElement>('main img');
      const give = [...document.querySelectorAll('a')].find((link) => link.textContent?.includes('Give a Gift'));
      return heading?.textContent?.includes(name) && photo?.complete && photo.naturalWidth > 0 && give !== undefined;
    },
    childName,
    { polling: 50, timeout: 60_000 },
  );
}

/** The floor: the registry's page as the server draws it with no script, from the same origin, on the same phone. */
async function aFloorGuest(browser: Browser, way: PhoneWayIn, childName: string): Promise<number> {
  const page = await aPhone(browser, way);
  const tapped = Date.now();
  await page.goto(`${way.url}${FLOOR_PAGE_PATH}`, { waitUntil: 'commit' });
  await firstScreenOf(page, childName);
  const firstScreen = Date.now() - tapped;
  await page.context().close();
  return firstScreen;
}

/**
 * One guest on a 360 × 740 phone with nothing cached and no connection open, from tapping /r/{code}: when the child's
 * name, the photo (decoded) and the Give button are all on the page, and when, after tapping Give,
 * the gift form answers (the app has taken it over and its amount field takes input).
 */
async function aGuest(browser: Browser, way: PhoneWayIn, registry: { id: string; shortCode: string; childName: string }) {
  const page = await aPhone(browser, way);
  const tapped = Date.now();
  await page.goto(`${way.url}/r/${registry.shortCode}`, { waitUntil: 'commit' });
  await firstScreenOf(page, registry.childName);
  const firstScreen = Date.now() - tapped;
  await page
    .getByRole('link', { name: /Give a Gift/ })
    .first()
    .click();
  await page.waitForURL(`**/gift/${registry.id}`, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => {
      // A page the browser drew is live once drawn; one the server drew, once the app has taken it over.
      const html = document.documentElement;
      if (html === null) return false; // the new page's document is not there yet
      const live = !html.hasAttribute('data-server-rendered') || html.hasAttribute('data-page-ready');
      return live && document.querySelector<HTMLInputElement>('input[name="amount"]')?.disabled === false;
    },
    null,
    { polling: 50, timeout: 60_000 },
  );
  const formUsable = Date.now() - tapped;
  await page.context().close();
  return { firstScreen, formUsable };
}

/** Issue 22's ceiling on a page's script, brotli, as Chromium loads it before the page is live. */
const SCRIPT_TARGET_KB = 150;

/**
 * The script a page opened first makes Chromium download before it is live (the bytes on the wire,
 * brotli): every script asked for before the app marked the page ready, whether named by the page
 * or loaded on demand. What is asked for once the page is live (its footer) is counted apart.
 */
async function scriptBytesOf(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  url: string,
): Promise<{ beforeLive: number; files: number; after: number }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.addInitScript({
    // On the document, not its element: this runs before the page's own <html> is parsed.
    content: `new MutationObserver((changes, observer) => { if (document.documentElement?.hasAttribute('data-page-ready')) { window.__liveAt = performance.now(); observer.disconnect(); } }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-page-ready'] });`,
  });
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-page-ready'), null, { timeout: 30_000 });
  await page.waitForTimeout(1_000);
  const scripts = await page.evaluate(() => {
    const liveAt = (window as unknown as { __liveAt: number }).__liveAt;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => /\.js(\?|$)/.test(entry.name))
      .map((entry) => ({ bytes: entry.encodedBodySize, before: entry.startTime < liveAt }));
  });
  await context.close();
  const kb = (list: { bytes: number }[]) => Number((list.reduce((total, entry) => total + entry.bytes, 0) / 1024).toFixed(1));
  const before = scripts.filter((entry) => entry.before);
  return { beforeLive: kb(before), files: before.length, after: kb(scripts.filter((entry) => !entry.before)) };
}

const GUEST_PAGES = (registryId: string) => [
  '/',
  `/registry/${registryId}`,
  `/gift/${registryId}`,
  '/charities',
  '/faq',
  '/privacy',
  '/terms',
  '/security',
];
const CLS_TARGET = 0.01;

/** The layout shifts of a page's load at a width, the app taken over and a moment after (CLS without session windows). */
async function layoutShiftOf(browser: Awaited<ReturnType<typeof chromium.launch>>, url: string, width: number): Promise<number> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 740 : 800 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(
    () => {
      const html = document.documentElement;
      return (
        (!html.hasAttribute('data-server-rendered') || html.hasAttribute('data-page-ready')) &&
        !document.querySelector('[role="progressbar"][aria-label="Loading page…"]')
      );
    },
    null,
    { timeout: 30_000 },
  );
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((entries) => {
          for (const entry of entries.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 1_000);
      }),
  );
  await context.close();
  return shift;
}

/** Issue 22: a guest's first seconds on a slow phone, from the short link to a usable gift form; and what moves as each guest page loads. */
export async function guestPathBench(): Promise<void> {
  const started = await guestPagesServer();
  if (!started) return;
  const { server, database } = started;
  // Not pinned to the load generator's core: a phone's browser has its own.
  const browser = await unpinnedWhileStarting(() => chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS }));
  const stops: (() => Promise<void>)[] = [];
  try {
    const registry = await aRegistryWithAPhoto(server.url);
    const way = await phoneWayIn(server.url);
    stops.push(() => way.stop());
    way.setFloorPage(withoutScript(await (await fetch(`${server.url}/registry/${registry.id}`)).text()));
    await aGuest(browser, way, registry); // warm-up: the server's first page, the database's first reads
    const runs = [];
    const floors = [];
    // Alternated, so the machine's load falls on both alike.
    for (let run = 0; run < RUNS; run += 1) {
      floors.push(await aFloorGuest(browser, way, registry.childName));
      runs.push(await aGuest(browser, way, registry));
    }
    const floor = median(floors);
    const firstScreen = median(runs.map((run) => run.firstScreen));
    const rtt = LIGHTHOUSE_MOBILE.rttMs;
    say(
      `\n  Lighthouse's DevTools throttling (${rtt} ms RTT, ${LIGHTHOUSE_MOBILE.downloadKbps} kbit/s down, ${LIGHTHOUSE_MOBILE.uploadKbps} kbit/s up, CPU ${LIGHTHOUSE_MOBILE.cpuSlowdown}× slower), a round trip to set up each connection, 360 × 740, nothing cached (median of ${RUNS})`,
    );
    record(
      '    the floor page (the registry page’s HTML and CSS, no script): name, photo and Give a Gift on screen',
      floor,
      'ms',
      null,
      `runs: ${floors.join(', ')}`,
    );
    record(
      '    the child’s name, the photo and Give a Gift on screen, from the short link',
      firstScreen,
      'ms',
      atMost(FIRST_SCREEN_MS),
      `runs: ${runs.map((run) => run.firstScreen).join(', ')}`,
    );
    record('    … as a share of the floor page', Number((firstScreen / Math.max(1, floor)).toFixed(2)), '×', atMost(FIRST_SCREEN_OF_FLOOR));
    record(
      '    the gift form usable, Give tapped at once',
      median(runs.map((run) => run.formUsable)),
      'ms',
      atMost(FORM_USABLE_MS),
      `runs: ${runs.map((run) => run.formUsable).join(', ')}; ${(median(runs.map((run) => run.formUsable)) / Math.max(1, floor)).toFixed(2)}× the floor page`,
    );
    say('\n  script a page opened first loads before it is live, as Chromium counts it (brotli, on the wire)');
    for (const pagePath of ['/', `/registry/${registry.id}`, `/gift/${registry.id}`]) {
      const { beforeLive, files, after } = await scriptBytesOf(browser, `${server.url}${pagePath}`);
      record(
        `    ${pagePath.replace(registry.id, '{id}')}`,
        beforeLive,
        'KB',
        atMost(SCRIPT_TARGET_KB),
        `${files} scripts; ${after} KB more once live`,
      );
    }
    say('\n  layout shift while each guest page loads (the Test mode banner included), unthrottled');
    for (const width of [360, 1280]) {
      for (const pagePath of GUEST_PAGES(registry.id)) {
        record(
          `    CLS ${pagePath.replace(registry.id, '{id}')} at ${width} px`,
          Number((await layoutShiftOf(browser, `${server.url}${pagePath}`, width)).toFixed(3)),
          '',
          atMost(CLS_TARGET),
        );
      }
    }
  } finally {
    for (const stop of stops) await stop();
    await browser.close();
    await server.stop();
    await database.drop();
  }
}
