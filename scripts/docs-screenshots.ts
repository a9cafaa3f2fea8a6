// Draws every guest page at 360 and 1280 px into docs/screenshots, as a guest's Chromium shows it:
// the real server on a fresh embedded database, a registry with a photo made as a family makes one.
// Run `npm run docs:screenshots` after changing how a guest page looks, and look at the pictures.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { paths } from '../core/page-paths';
import { CHROMIUM, CHROMIUM_FLAGS, guestPagesServer } from '../test/bench/guest-pages-server';
import { aRegistryWithAPhoto } from '../test/bench/photo-registry';

const folder = path.join(fileURLToPath(new URL('..', import.meta.url)), 'docs', 'screenshots');
const WIDTHS = [360, 1280] as const;

const started = await guestPagesServer();
if (!started) process.exit(1);
const { server, database } = started;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
try {
  const registry = await aRegistryWithAPhoto(server.url);
  const pages: [name: string, address: string, ready: string][] = [
    ['landing', paths.home, 'Charity partners'],
    ['registry', paths.registry(registry.id), registry.childName],
    ['gift-form', paths.gift(registry.id), registry.childName],
    ['charities', paths.charities, 'Our Charity Partners'],
    ['faq', paths.faq, 'Frequently Asked Questions'],
    ['privacy', paths.privacy, 'Privacy Policy'],
    ['terms', paths.terms, 'Terms of Service'],
    ['security', paths.security, 'Security'],
  ];
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: width === 360 ? 740 : 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    for (const [name, address, ready] of pages) {
      await page.goto(`${server.url}${address}`);
      await page.getByText(ready).first().waitFor();
      // What is drawn once it nears the window (the QR code) is drawn, as a guest scrolling sees it.
      await page.evaluate(async () => {
        for (let top = 0; top < document.documentElement.scrollHeight; top += window.innerHeight) {
          window.scrollTo(0, top);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        window.scrollTo(0, 0);
      });
      await page.getByRole('progressbar').waitFor({ state: 'detached' });
      // The photo and the display face are part of the look: wait until they are drawn.
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const file = path.join(folder, `${name}-${width}.jpg`);
      await page.screenshot({ path: file, fullPage: true, type: 'jpeg', quality: 70 });
      console.log(path.relative(process.cwd(), file));
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  await database.drop();
}
