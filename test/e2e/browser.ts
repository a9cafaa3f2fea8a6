import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import {
  chromium,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumMissing = existsSync(chromiumPath)
  ? null
  : `Chromium is not installed at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`;

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const webRoot = path.join(projectRoot, 'dist', 'web');
const screenshotDir = path.join(projectRoot, 'test-results', 'screenshots');

/** Debian's Chromium as this machine runs it: headless, no sandbox (root), and no calls home. */
function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

let workerChromium: Promise<Browser> | undefined;

/**
 * The Chromium of this test worker, launched by its first journey file. The journeys share a
 * worker's modules from file to file (vitest.config.ts), so later files open their contexts in the
 * same browser instead of starting Chromium again; each file closes the contexts it opened.
 */
function sharedChromium(): Promise<Browser> {
  workerChromium ??= launchChromium().then((browser) => {
    browser.on('disconnected', () => {
      workerChromium = undefined;
    });
    return browser;
  });
  return workerChromium;
}

/** Closes every context of the worker's Chromium: a journey file's own, as files in a worker run one at a time. */
async function closeContexts(browser: Browser | undefined): Promise<void> {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}

/**
 * Puts axe in each frame of the page that lacks it; it stays in a document once there. The builder
 * sends its half-megabyte source to every frame twice for each check, a third of the check's time;
 * given an empty script instead, it only configures and runs what is already there.
 */
async function putAxeInEveryFrame(page: Page): Promise<void> {
  await Promise.all(
    page.frames().map(async (frame) => {
      // A frame that goes away meanwhile has nothing left to check.
      if (!(await frame.evaluate(() => 'axe' in window).catch(() => true))) await frame.evaluate(axe.source).catch(() => undefined);
    }),
  );
}
const AXE_ALREADY_THERE = ';';

/**
 * Fails the test on any WCAG 2.1 A/AA violation axe finds on the page as it is now, and on a page
 * wider than the window (sideways scrolling at 360 px breaks reflow, WCAG 1.4.10).
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Colours measured mid-fade are not the colours people read: let transitions finish (spinners loop forever; skip those).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
  // Legacy mode runs axe in the page itself. The default also finishes each run in a new blank page,
  // for cross-origin frames, which our pages do not have (Stripe's only when Stripe is configured,
  // never in these journeys); that blank page cost a third of every check. Only violations are
  // asserted, so axe gathers the nodes of no other kind of result (a sixth of a check's time).
  await putAxeInEveryFrame(page);
  // options() replaces the whole run's options, so it comes before withTags, which adds to them.
  const results = await new AxeBuilder({ page, axeSource: AXE_ALREADY_THERE })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')}: ${node.html.slice(0, 160)}\n      ${(node.failureSummary ?? '').replaceAll('\n', ' ')}`)
        .join('\n    ')}`,
  );
  expect(summary, `accessibility violations on ${screen}`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${screen} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

/** The widths the journeys check: a phone's, which they walk, and a desktop's. */
export const PHONE_WIDTH = 360;
export const DESKTOP_WIDTH = 1280;

async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Checks the screen as the journey reached it at its own width (360 px, the harder one), then
 * widens the window to 1280 px and checks it there too, and narrows it back. A journey walks its
 * flow once and still visits every screen, dialog and error it reached at both widths; walking the
 * whole flow again at 1280 px doubled its time and asserted nothing new. The pages follow the width
 * as it changes (CSS, and MUI's useMediaQuery listening to matchMedia), as a turned tablet does.
 */
export async function expectAccessibleAtBothWidths(page: Page, screen: string, shot?: { name: string; fullPage?: boolean }): Promise<void> {
  const walked = page.viewportSize() ?? { width: PHONE_WIDTH, height: 900 };
  await expectAccessible(page, `${screen} at ${walked.width}`);
  if (shot) await screenshot(page, `${shot.name}-${walked.width}`, shot);
  await page.setViewportSize({ width: DESKTOP_WIDTH, height: walked.height });
  await nextFrames(page);
  await expectAccessible(page, `${screen} at ${DESKTOP_WIDTH}`);
  if (shot) await screenshot(page, `${shot.name}-${DESKTOP_WIDTH}`, shot);
  await page.setViewportSize(walked);
  await nextFrames(page);
}

/**
 * Keeps a picture of the screen in test-results/screenshots when SCREENSHOTS=1 (to look at a
 * change); a plain run skips them, as nothing asserts on them and a full page is costly to encode.
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string | null> {
  if (process.env.SCREENSHOTS !== '1') return null;
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  return file;
}

/** A started server on a fresh embedded database, serving the built web app. */
export async function startE2eServer() {
  const { existsSync } = await import('node:fs');
  const { readConfig } = await import('../../bootstrap/config');
  const { startServer } = await import('../../bootstrap/start-server');
  const { createLogger } = await import('../../adapters/http/logger');
  const { tempDataDir } = await import('../support/test-server');
  const { pgliteTemplateDump } = await import('../support/migrated-templates');
  const { cheapPasswordHasher } = await import('../support/cheap-password-hasher');
  const { quickDisputes } = await import('../support/quick-disputes');
  if (!existsSync(path.join(webRoot, 'index.html'))) throw new Error('The web app is not built: run npm run build:web');
  const dataDir = tempDataDir();
  // A known port, so PUBLIC_URL (links in e-mails, share previews) is the address the browser uses.
  const port = await freePort();
  const config = readConfig({ PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  // The embedded database on disk, as a family runs it, starting from the migrated template.
  if (config.database.kind === 'pglite') config.database = { ...config.database, loadDataDir: pgliteTemplateDump() };
  return {
    ...(await startServer(config, {
      logger: createLogger('warn'),
      webRoot,
      hasher: cheapPasswordHasher,
      sandboxDisputeDelays: quickDisputes,
    })),
    dataDir,
  };
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A page drawn on the server shows its buttons and fields before the browser has taken it over,
 * when a click or a keystroke would do nothing: the page's goto and reload wait for the app to
 * mark the page live (data-page-ready), as a person waits for a page to respond.
 */
export function waitingForLivePages(context: BrowserContext): BrowserContext {
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    const live = () =>
      page.waitForFunction(
        () => !document.documentElement.hasAttribute('data-server-rendered') || document.documentElement.hasAttribute('data-page-ready'),
      );
    const goto = page.goto.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await live();
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (...args) => {
      const response = await reload(...args);
      await live();
      return response;
    };
    return page;
  };
  return context;
}

/**
 * The server one journey file runs against, started before its tests and stopped after, and the
 * worker's Chromium; read them inside tests (they exist only once the file's beforeAll has run).
 */
export function e2eWorld() {
  const world = {
    /**
     * A fresh browser context on the journey's server. Its requests name their origin, as a page's
     * own do: page.request (setup through the API) must too, or the server refuses a signed-in
     * change that names no page.
     */
    context(options: BrowserContextOptions = {}): Promise<BrowserContext> {
      // As someone who asks for less motion: the pages honour it (theme.ts), and every click and
      // check of a journey no longer waits for a transition to end. The giving journey keeps the
      // motion most people see.
      const context = world.browser.newContext({
        baseURL: world.server.url,
        extraHTTPHeaders: { Origin: world.server.url },
        reducedMotion: 'reduce',
        ...options,
      });
      // Without JavaScript nothing takes a page over: it is as the server drew it.
      return options.javaScriptEnabled === false ? context : context.then(waitingForLivePages);
    },
    /** A page in a fresh context at this width; page errors go to the log. */
    async page(width: number, options: BrowserContextOptions = {}): Promise<Page> {
      const created = await (await world.context({ viewport: { width, height: 900 }, ...options })).newPage();
      created.on('pageerror', (error) => console.error(`page error: ${error.message}`));
      return created;
    },
  } as {
    server: Awaited<ReturnType<typeof startE2eServer>>;
    browser: Browser;
    context(options?: BrowserContextOptions): Promise<BrowserContext>;
    page(width: number, options?: BrowserContextOptions): Promise<Page>;
  };
  beforeAll(async () => {
    world.server = await startE2eServer();
    world.browser = await sharedChromium();
  });
  afterAll(async () => {
    await closeContexts(world.browser);
    await world.server?.close();
  });
  return world;
}

/**
 * Creates an account through the API and signs in the context the request belongs to (a journey
 * about another screen). The username starts with `name`, unique per run.
 */
export async function signUp(
  request: APIRequestContext,
  name: string,
  person: { firstName: string; lastName: string } = { firstName: 'Rachel', lastName: 'Stern' },
): Promise<{ id: string; username: string }> {
  const username = `${name}${Date.now().toString(36)}`;
  const response = await request.post('/api/register', {
    data: { ...person, email: `${username}@example.com`, username, password: 'shalom-2026' },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; username: string };
}

/** A guest gives $100 to MAZON through the gift form and the sandbox checkout, with this card, and sees the thank-you. */
export async function giveHundredThroughTheForm(
  guest: Page,
  registryId: string,
  giver: { name: string; email: string },
  cardNumber: string,
): Promise<void> {
  await guest.goto(`/gift/${registryId}`);
  await guest.getByText('Choose a Charity to Support').waitFor();
  await guest.getByRole('radio', { name: /MAZON/ }).check();
  await guest.getByLabel('Custom Amount').fill('100');
  await guest.getByLabel('Your Name').fill(giver.name);
  await guest.getByLabel('Your Email').fill(giver.email);
  await guest.getByRole('button', { name: 'Proceed to Payment - $100.00' }).click();
  await guest.getByLabel('Test card number').fill(cardNumber);
  await guest.getByRole('button', { name: /Complete Payment - / }).click();
  await guest.getByRole('heading', { name: 'Thank You!' }).waitFor();
}

/** Creates an account and signs the page's context in, through the API (a journey about another screen). */
export async function signUpThroughApi(opened: Page, firstName: string, lastName: string): Promise<void> {
  const username = `${firstName.toLowerCase()}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const response = await opened.request.post('/api/register', {
    data: { firstName, lastName, email: `${username}@example.com`, username, password: 'shalom-2026' },
  });
  expect(response.status()).toBe(201);
}
