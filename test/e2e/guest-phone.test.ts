import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { chromiumMissing, e2eWorld, expectAccessible, screenshot } from './browser';

/** How long the page's first script lets the first paint hold the app back, at most. */
const FIRST_CONTENT_WAIT_MS = 1000;

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

/** A phone's first screen: 360 × 740 (a common Android size), and a laptop's. */
const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1280, height: 800 };

/** A portrait (2:3) whose face, a circle, sits near the top: a centred banner crop would cut it off. */
function portraitWithAFaceNearTheTop(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1200">
    <rect width="800" height="1200" fill="#cfe3f7"/>
    <rect x="150" y="420" width="500" height="780" rx="120" fill="#1e3a8a"/>
    <circle cx="400" cy="240" r="150" fill="#f2c9a0"/>
    <circle cx="345" cy="220" r="16" fill="#2b2b2b"/><circle cx="455" cy="220" r="16" fill="#2b2b2b"/>
    <path d="M330 300 Q400 350 470 300" stroke="#8a3b2b" stroke-width="12" fill="none"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Whether the element lies wholly within the window as it is now. */
async function inFirstScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = locator.page().viewportSize()!;
  return box !== null && box.y >= 0 && box.y + box.height <= viewport.height;
}

/** The keyboard's focus ring on an element: a solid outline at least 2 px wide. */
async function focusRing(locator: Locator): Promise<{ style: string; width: number }> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
}

/** Layout shifts a visitor saw while the page loaded, summed (CLS without session windows). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((entries) => {
          for (const entry of entries.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

describe.skipIf(chromiumMissing)('a guest on a phone: issue 22 (Chromium)', () => {
  const world = e2eWorld();

  async function aContext(viewport: { width: number; height: number }) {
    const context = await world.context({ viewport });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    return page;
  }

  async function aFamilyWithARegistry(childName: string) {
    const family = await aContext(LAPTOP);
    const username = `family${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    expect(
      (
        await family.request.post('/api/register', {
          data: { firstName: 'Rachel', lastName: 'Stern', email: `${username}@example.com`, username, password: 'shalom-2026' },
        })
      ).status(),
    ).toBe(201);
    const created = await family.request.post('/api/registries', {
      data: {
        childName,
        celebrationDate: '2030-05-16',
        currency: 'USD',
        personalMessage: 'Thank you!',
        photoUrl: null,
        preferredCharityId: '',
        allowCharityChoice: true,
      },
    });
    expect(created.status()).toBe(201);
    return { family, registry: (await created.json()) as { id: string; shortCode: string } };
  }

  it('gives a gift at 360 px: the form on the first screen, a declined card said under the card, then paid', async () => {
    const { family, registry } = await aFamilyWithARegistry('Ilana Stern');
    // On a wide screen 'Make Your Contribution' is on the first screen: its Give a Gift is the only one.
    await family.goto(`/registry/${registry.id}`);
    await family.getByRole('region', { name: 'Make Your Contribution' }).waitFor();
    expect(await family.getByRole('main').getByRole('link', { name: 'Give a Gift' }).count()).toBe(1);
    const guest = await aContext(PHONE);

    const reactErrors: string[] = [];
    guest.on('console', (message) => {
      if (message.type() === 'error' && /react|hydrat/i.test(message.text())) reactErrors.push(message.text());
    });
    // The short link answers the registry's page itself; the app moves the address to the
    // registry's own as it takes the page over, with nothing drawn again.
    const answered = await guest.goto(`/r/${registry.shortCode}`);
    expect(answered?.status()).toBe(200);
    expect(answered?.request().redirectedFrom()).toBeNull();
    await guest.getByRole('heading', { level: 1, name: /Ilana Stern/ }).waitFor();
    await guest.waitForURL(`**/registry/${registry.id}`);
    await guest.waitForFunction(() => document.documentElement.hasAttribute('data-page-ready'));
    expect(reactErrors).toEqual([]);
    // On a phone it is two screens down: the way to give is also under the child's name, on the first.
    expect(await inFirstScreen(guest.getByRole('article').getByRole('link', { name: 'Give a Gift' }))).toBe(true);
    const link = guest.getByRole('textbox', { name: 'Registry link' });
    // The registry link shows whole: no part of it scrolls out of its field.
    expect(await link.evaluate((field) => field.scrollWidth <= field.clientWidth && field.scrollHeight <= field.clientHeight + 1)).toBe(
      true,
    );
    expect(await link.inputValue()).toContain(`/r/${registry.shortCode}`);
    await guest.getByRole('region', { name: 'Share This Registry' }).scrollIntoViewIfNeeded();
    await expectAccessible(guest, 'registry page at 360');
    await screenshot(guest, 'i22-registry-share-360');

    await guest.getByRole('region', { name: 'Make Your Contribution' }).getByRole('link', { name: 'Give a Gift' }).click();
    await guest.waitForURL(`**/gift/${registry.id}`);
    const mazon = guest.getByRole('radio', { name: /MAZON/ });
    await mazon.waitFor({ state: 'attached' });
    // The fifteen charities take a few lines; the guest's name and amount are on the first screen.
    expect(await inFirstScreen(guest.getByLabel('Your Name'))).toBe(true);
    expect(await inFirstScreen(guest.getByRole('button', { name: '$36.00' }))).toBe(true);
    // The Custom Amount field too: at 808 px it once sat below a 740 px screen.
    const customAmount = (await guest.getByLabel('Custom Amount').boundingBox())!;
    expect(customAmount.y + customAmount.height).toBeLessThanOrEqual(PHONE.height);
    // Every charity's name is shown whole: a long one wraps rather than ending in an ellipsis.
    const names = guest.getByRole('radiogroup', { name: 'Choose a Charity to Support' }).locator('label, label *');
    const clipped = await names.evaluateAll((elements) =>
      elements.filter((element) => element.scrollWidth > element.clientWidth).map((element) => element.textContent),
    );
    expect(await guest.getByRole('radiogroup', { name: 'Choose a Charity to Support' }).getByRole('radio').count()).toBe(15);
    expect(await names.count()).toBeGreaterThanOrEqual(30);
    expect(clipped).toEqual([]);
    const submit = guest.getByRole('button', { name: 'Choose a charity and enter an amount' });
    expect(await submit.isDisabled()).toBe(true);
    await expectAccessible(guest, 'gift form at 360');
    await screenshot(guest, 'i22-gift-form-360', { fullPage: false });

    await guest.getByRole('button', { name: 'Details about MAZON: A Jewish Response to Hunger' }).click();
    await guest.getByText(/MAZON works to end hunger/).waitFor();
    expect(await mazon.isChecked()).toBe(false);
    await expectAccessible(guest, 'gift form with a charity’s details at 360');
    await mazon.check();
    await guest.getByRole('button', { name: 'Enter an amount' }).waitFor();
    await guest.getByRole('button', { name: '$36.00' }).click();
    await guest.getByLabel('Your Name').fill('Miriam Gold');
    await guest.getByLabel('Your Email').fill('miriam.phone@example.com');
    await screenshot(guest, 'i22-gift-form-filled-360');
    await guest.getByRole('button', { name: 'Proceed to Payment - $36.00' }).click();

    await guest.waitForURL(`**/checkout/${registry.id}`);
    const card = guest.getByLabel('Test card number');
    // The test-mode hint names every test card and the words that decide a dispute, whole at 360.
    const hint = guest.getByRole('alert').filter({ hasText: 'no real card is charged' });
    await hint.filter({ hasText: '4000 0000 0000 0259 succeeds and is disputed moments later' }).waitFor();
    expect(await hint.locator('code').allTextContents()).toEqual(['winning_evidence', 'losing_evidence']);
    expect(await hint.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await hint.scrollIntoViewIfNeeded();
    await screenshot(guest, 'i45-checkout-hint-360', { fullPage: false });
    await guest.evaluate(() => window.scrollTo(0, 0));
    await card.fill('4000 0000 0000 0002');
    await guest.getByRole('button', { name: 'Complete Payment - $40.48' }).click();
    // Under the card field, as its description, and still there once the toast has gone.
    const declined = guest.locator('#sandbox-card-number-helper-text');
    await declined.filter({ hasText: 'Your card was declined.' }).waitFor();
    const fieldBox = (await card.boundingBox())!;
    const messageBox = (await declined.boundingBox())!;
    expect(messageBox.y).toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height - 1);
    expect(await card.evaluate((input) => input.getAttribute('aria-describedby'))).toBe('sandbox-card-number-helper-text');
    // The focus went back to the card: the field and its message are where the guest is looking.
    await expect.poll(() => card.evaluate((input) => input === document.activeElement)).toBe(true);
    await expect.poll(() => inFirstScreen(declined)).toBe(true);
    await screenshot(guest, 'i22-declined-card-360', { fullPage: false });
    await expectAccessible(guest, 'declined card at 360');
    await guest.getByRole('button', { name: 'Close notification' }).click();
    await guest.getByText('Payment Failed').waitFor({ state: 'detached' });
    expect(await declined.textContent()).toBe('Your card was declined.');

    await card.fill('4242 4242 4242 4242');
    expect(await declined.textContent()).toBe('Only the test cards above work here.');
    await guest.getByRole('button', { name: 'Complete Payment - $40.48' }).click();
    await guest.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await expectAccessible(guest, 'thank you at 360');

    // The family, on a phone too, picks the giver: the card editor comes up into view.
    const phoneFamily = await family.context().newPage();
    await phoneFamily.setViewportSize(PHONE);
    await phoneFamily.goto(`/thank-you-cards/${registry.id}`);
    await phoneFamily.getByText('0/1 cards sent').waitFor();
    await phoneFamily.getByRole('button', { name: /Miriam Gold/ }).click();
    const editorHeading = phoneFamily.getByRole('heading', { name: 'Thank You Card for Miriam Gold' });
    await editorHeading.waitFor();
    await expect.poll(() => inFirstScreen(editorHeading)).toBe(true);
    await expectAccessible(phoneFamily, 'card editor chosen at 360');
    await screenshot(phoneFamily, 'i22-thank-you-editor-360', { fullPage: false });
    await family.context().close();
    await guest.context().close();
  });

  it('keeps the child’s face in every crop of a portrait: the family drags its focal point near the top', async () => {
    const { family, registry } = await aFamilyWithARegistry('Shira Stern');
    const page = await family.context().newPage();
    await page.goto(`/registry/${registry.id}`);
    await page.getByRole('button', { name: 'Edit Registry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Registry' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'shira.png', mimeType: 'image/png', buffer: await portraitWithAFaceNearTheTop() });
    const point = dialog.getByRole('slider', { name: 'Focal point' });
    await point.waitFor();
    expect(await point.getAttribute('aria-valuetext')).toBe('50% across, 50% down');

    // Dragged from the centre up to the face, then set exactly with the keyboard.
    const photo = dialog.getByRole('img', { name: 'Photo of Shira Stern' });
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    await photo.scrollIntoViewIfNeeded();
    const box = (await photo.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.3, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.2, { steps: 5 });
    await page.mouse.up();
    const dragged = (await point.getAttribute('aria-valuetext'))!;
    const [across, down] = dragged.match(/\d+/g)!.map(Number) as [number, number];
    expect(Math.abs(across - 50)).toBeLessThanOrEqual(1);
    expect(Math.abs(down - 20)).toBeLessThanOrEqual(1);
    expect(await point.evaluate((element) => element === document.activeElement)).toBe(true);
    // An arrow moves it 5%, with Shift 1%.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Shift+ArrowDown');
    expect(await point.getAttribute('aria-valuetext')).toBe(`${across}% across, ${down - 4}% down`);
    await expectAccessible(page, 'edit dialog with the focal point');
    await screenshot(page, 'i22-focal-point-editor-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    const focus = `${across}% ${down - 4}%`;
    await family.context().close();

    // The banner and the landing's card crop around the face, for a guest on a phone and a laptop.
    for (const viewport of [PHONE, LAPTOP]) {
      const guest = await aContext(viewport);
      await guest.goto(`/registry/${registry.id}`);
      const banner = guest.getByRole('img', { name: 'Photo of Shira Stern' });
      await banner.waitFor();
      await guest.waitForFunction(() => [...document.images].every((image) => image.complete));
      expect(await banner.evaluate((image) => getComputedStyle(image).objectPosition)).toBe(focus);
      const shape = (await banner.boundingBox())!;
      expect(shape.width / shape.height, 'the banner crops the portrait').toBeGreaterThan(1);
      await expectAccessible(guest, `registry page with a portrait at ${viewport.width}`);
      await screenshot(guest, `i22-registry-portrait-${viewport.width}`, { fullPage: false });

      await guest.goto(`/gift/${registry.id}`);
      await guest.getByRole('radio', { name: /MAZON/ }).waitFor({ state: 'attached' });
      await screenshot(guest, `i22-gift-form-${viewport.width}`, { fullPage: false });

      await guest.goto('/');
      const card = guest.getByRole('list', { name: 'Recent registries' }).getByRole('img', { name: 'Photo of Shira Stern' });
      await card.waitFor();
      expect(await card.evaluate((image) => getComputedStyle(image).objectPosition)).toBe(focus);
      await card.scrollIntoViewIfNeeded();
      // Lazy: it loads once scrolled to.
      await expect
        .poll(() => card.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0))
        .toBe(true);
      await screenshot(guest, `i22-landing-card-portrait-${viewport.width}`, { fullPage: false });
      await guest.context().close();
    }

    // The link's preview in a chat app: the picture its page names, cropped around the face as well.
    const chatApp = await aContext(LAPTOP);
    const html = await (await chatApp.request.get(`/r/${registry.shortCode}`)).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image).toMatch(new RegExp(`/api/registries/${registry.id}/share-picture\\?v=[0-9a-f-]+-[0-9]+x[0-9]+-share-[0-9]+-[0-9]+$`));
    const picture = await chatApp.request.get(`${new URL(image!).pathname}${new URL(image!).search}`);
    expect(picture.headers()['content-type']).toBe('image/jpeg');
    const drawn = sharp(await picture.body());
    expect(await drawn.metadata()).toMatchObject({ width: 1200, height: 630 });
    const { data } = await drawn.extract({ left: 440, top: 240, width: 20, height: 20 }).raw().toBuffer({ resolveWithObject: true });
    // The face's colour (#f2c9a0) on its left cheek, which a centred crop would have cut off.
    expect(Math.abs((data[0] ?? 0) - 0xf2) + Math.abs((data[1] ?? 0) - 0xc9) + Math.abs((data[2] ?? 0) - 0xa0)).toBeLessThan(30);
    await chatApp.goto(new URL(image!).pathname);
    await screenshot(chatApp, 'i22-share-picture', { fullPage: false });
    await chatApp.context().close();
  });

  it('shows a closed registry to a guest as one state, at 360 and 1280 px', async () => {
    const { family, registry } = await aFamilyWithARegistry('Tova Stern');
    expect(
      (
        await family.request.put(`/api/registries/${registry.id}/payout-info`, {
          data: { payoutMethod: 'paypal', paypalEmail: 'rachel.stern@example.com' },
        })
      ).status(),
    ).toBe(200);
    expect((await family.request.put(`/api/registries/${registry.id}/close`)).status()).toBe(200);
    for (const viewport of [PHONE, LAPTOP]) {
      const guest = await aContext(viewport);
      await guest.goto(`/registry/${registry.id}`);
      await guest.getByRole('heading', { level: 2, name: 'This registry is closed, and gifts are no longer accepted' }).waitFor();
      const header = guest.getByRole('article');
      expect(await header.getByText('Closed', { exact: true }).isVisible()).toBe(true);
      expect(await header.getByText('Upcoming').count()).toBe(0);
      expect(await guest.getByText(/QR code/).count()).toBe(0);
      expect(await guest.getByRole('region', { name: 'Share This Registry' }).count()).toBe(0);
      await expectAccessible(guest, `closed registry at ${viewport.width}`);
      await screenshot(guest, `i22-closed-registry-${viewport.width}`);
      await guest.goto(`/gift/${registry.id}`);
      await guest.getByRole('heading', { level: 2, name: 'This registry is closed, and gifts are no longer accepted' }).waitFor();
      await expectAccessible(guest, `closed gift form at ${viewport.width}`);
      await guest.context().close();
    }
    await family.context().close();
  });

  it('keeps the landing page short, says a short query is short, and brings results into view', async () => {
    // The landing's recent list is full (six cards, from six families: one each) on a live site.
    for (const childName of ['Zevulun Stern', 'Ayelet Stern', 'Boaz Stern', 'Carmel Stern', 'Dov Stern', 'Eden Stern']) {
      const { family } = await aFamilyWithARegistry(childName);
      await family.context().close();
    }
    for (const viewport of [PHONE, LAPTOP]) {
      const page = await aContext(viewport);
      await page.goto('/');
      await page.getByRole('list', { name: 'Charity partners' }).getByRole('listitem').nth(14).waitFor();
      const recent = page.getByRole('list', { name: 'Recent registries' });
      await recent.getByRole('listitem').nth(5).waitFor();
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      // 12,400 px at 360 when every charity had a full card; 9,300 when the six recent cards stood in a column.
      expect(height, `landing page height at ${viewport.width}`).toBeLessThan(viewport.width === 360 ? 8500 : 5500);
      if (viewport === PHONE) {
        // On a phone the recent cards are one row that scrolls sideways, the next card peeking in.
        const [list, first, second] = await Promise.all([
          recent.boundingBox(),
          recent.getByRole('listitem').nth(0).boundingBox(),
          recent.getByRole('listitem').nth(1).boundingBox(),
        ]);
        expect(list && first && second && list.height < first.height + 40 && second.y === first.y && second.x < PHONE.width).toBe(true);
        const lastButton = recent.getByRole('listitem').nth(5).getByRole('link', { name: 'View Registry' });
        await lastButton.focus();
        // The page scrolls smoothly to it, as it does for a person with motion left on.
        await expect
          .poll(
            async () => {
              const focused = await lastButton.boundingBox();
              return focused !== null && focused.x >= 0 && focused.x + focused.width <= PHONE.width && (await inFirstScreen(lastButton));
            },
            { message: 'a card reached by the keyboard scrolls into view' },
          )
          .toBe(true);
      }
      await expectAccessible(page, `landing at ${viewport.width}`);
      await screenshot(page, `i22-landing-${viewport.width}`);

      const search = page.getByRole('searchbox', { name: /Search registries by child/ });
      await search.fill('Ze');
      await page.getByText(/Type at least 3 letters/).waitFor();
      expect(await page.getByText(/Showing registries matching/).count()).toBe(0);
      expect(await page.getByText(/result\(s\) found/).count()).toBe(0);
      await expectAccessible(page, `short query at ${viewport.width}`);
      await screenshot(page, `i22-search-short-${viewport.width}`, { fullPage: false });

      await search.fill('Zevulun');
      const count = page.getByText('1 result(s) found');
      await count.waitFor();
      await expect.poll(() => inFirstScreen(count)).toBe(true);
      await expectAccessible(page, `search results at ${viewport.width}`);
      await screenshot(page, `i22-search-results-${viewport.width}`, { fullPage: false });
      await page.context().close();
    }
  });

  it("asks for the footer's script only once the page is live, and shows the footer the server drew meanwhile", async () => {
    const { family, registry } = await aFamilyWithARegistry('Yael Stern');
    await family.context().close();
    const guest = await aContext(PHONE);
    await guest.addInitScript({
      content: `new MutationObserver(function (changes, observer) {
        if (!document.documentElement || !document.documentElement.hasAttribute('data-page-ready')) return;
        window.__liveAt = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-page-ready'] });`,
    });
    await guest.goto(`/registry/${registry.id}`);
    await guest.getByRole('contentinfo').getByText('Quick Links').waitFor({ state: 'attached' });
    await guest.waitForFunction(() => document.documentElement.hasAttribute('data-page-ready'));
    const footerAsked = async () =>
      guest.evaluate(() => {
        const footer = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) =>
          /\/assets\/footer-[^/]+\.js$/.test(entry.name),
        );
        return footer ? { askedAt: footer.startTime, liveAt: (window as unknown as { __liveAt: number }).__liveAt } : null;
      });
    await expect.poll(footerAsked).not.toBeNull();
    const { askedAt, liveAt } = (await footerAsked())!;
    expect(askedAt).toBeGreaterThanOrEqual(liveAt);
    // Live once its code is in: the newsletter's field takes an address.
    await guest.getByRole('textbox', { name: /newsletter|e-mail/i }).fill('yael@example.com');
    await guest.context().close();
  });

  it('draws the Test mode banner from the first paint: nothing moves when the configuration answers', async () => {
    for (const viewport of [PHONE, LAPTOP]) {
      const page = await aContext(viewport);
      await page.goto('/faq');
      await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
      await page.getByText('Test mode — no real payments').waitFor();
      expect(await layoutShift(page), `layout shift on /faq at ${viewport.width}`).toBeLessThanOrEqual(0.01);
      await page.context().close();
    }
    // Before any script runs, the shell itself shows it.
    const noScript = await world.context({ viewport: PHONE, javaScriptEnabled: false });
    const shell = await noScript.newPage();
    await shell.goto('/charities');
    expect(await shell.getByText('Test mode — no real payments').isVisible()).toBe(true);
    await noScript.close();
  });

  it('shows the keyboard focus clearly, and comes back to the page that asked for a sign-in', async () => {
    const page = await aContext(LAPTOP);
    await page.goto('/');
    const howItWorks = page.getByRole('link', { name: 'See how it works' });
    await howItWorks.waitFor();
    await page.getByRole('link', { name: 'Skip to main content' }).focus();
    for (let step = 0; step < 30 && !(await howItWorks.evaluate((element) => element === document.activeElement)); step += 1)
      await page.keyboard.press('Tab');
    expect(await focusRing(howItWorks)).toEqual({ style: 'solid', width: 3 });
    await screenshot(page, 'i22-focus-see-how-it-works-1280', { fullPage: false });

    await page.goto('/faq');
    const question = page.getByRole('button', { name: 'How does a registry benefit my child?' });
    await question.waitFor();
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).click();
    for (let step = 0; step < 30 && !(await question.evaluate((element) => element === document.activeElement)); step += 1)
      await page.keyboard.press('Tab');
    expect(await focusRing(question)).toEqual({ style: 'solid', width: 3 });
    await expectAccessible(page, 'FAQ with keyboard focus');
    await screenshot(page, 'i22-focus-faq-1280', { fullPage: false });

    // A visitor sent to sign in from /create-registry is brought back there.
    const username = `returning${Date.now().toString(36)}`;
    expect(
      (
        await page.request.post('/api/register', {
          data: { firstName: 'Dina', lastName: 'Levi', email: `${username}@example.com`, username, password: 'shalom-2026' },
        })
      ).status(),
    ).toBe(201);
    await page.request.post('/api/logout');
    await page.goto('/create-registry');
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('returnTo') === '/create-registry');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('shalom-2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create Your Registry' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/create-registry');
    await page.context().close();
  });

  it('says a used reset link is used as its page opens, and the Security page names the co-owners', async () => {
    for (const viewport of [PHONE, LAPTOP]) {
      const page = await aContext(viewport);
      await page.goto('/reset-password#token=this-link-was-never-sent-to-anyone');
      await page.getByText('This link has expired or has already been used. Please ask for a new one.').waitFor();
      expect(await page.getByLabel('New Password').count()).toBe(0);
      await expectAccessible(page, `used reset link at ${viewport.width}`);
      await screenshot(page, `i22-reset-link-used-${viewport.width}`, { fullPage: false });
      await page.goto('/security');
      await page.getByText(/the co-owners the owner invited/).waitFor();
      await page.context().close();
    }
  });

  it('asks for the app’s scripts once the page is painted, photo or not, and opens a Give tapped before the page is live, with Back to the registry', async () => {
    const { family, registry } = await aFamilyWithARegistry('Tamar Stern');
    const upload = await family.request.post('/api/objects/upload', {
      multipart: { file: { name: 'tamar.png', mimeType: 'image/png', buffer: await portraitWithAFaceNearTheTop() } },
    });
    expect(upload.status()).toBe(201);
    const { photoUrl } = (await upload.json()) as { photoUrl: string };
    const edited = await family.request.put(`/api/registries/${registry.id}`, {
      data: { childName: 'Tamar Stern', celebrationDate: '2030-05-16', personalMessage: 'Thank you!', photoUrl },
    });
    expect(edited.status(), await edited.text()).toBe(200);

    const guest = await aContext(PHONE);
    // When the page's first script asks for the app's entry, on the page's clock.
    await guest.addInitScript({
      content: `new MutationObserver(function (changes, observer) {
        if (!document.querySelector('script[type="module"][src*="/assets/index-"]')) return;
        window.__appAskedAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });`,
    });
    // The photo and the app's entry are held back until the test lets them go.
    let releasePhoto = () => {};
    const photoHeld = new Promise<void>((resolve) => (releasePhoto = resolve));
    await guest.route('**/uploads/**', async (route) => {
      await photoHeld;
      await route.continue();
    });
    let releaseApp = () => {};
    const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
    await guest.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await appHeld;
      await route.continue();
    });
    const asked: string[] = [];
    guest.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const appAsked = () => asked.some((pathname) => /^\/assets\/index-[^/]+\.js$/.test(pathname));

    // The page's own goto waits for the app; the frame's does not.
    await guest.mainFrame().goto(`/registry/${registry.id}`, { waitUntil: 'domcontentloaded' });
    // A photo on its way holds nothing back, but the app is asked for only after the first paint.
    await expect.poll(appAsked).toBe(true);
    const { appAskedAt, firstPaint } = await guest.evaluate(() => ({
      appAskedAt: (window as unknown as { __appAskedAt?: number }).__appAskedAt,
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    }));
    expect(firstPaint).toBeGreaterThan(0);
    // After the first paint; or, on a machine too loaded to paint within it, once the first paint
    // has held the app back for its longest (a second, FIRST_CONTENT_WAIT_MS in scripts/first-load.template.js).
    expect(readFileSync('scripts/first-load.template.js', 'utf8')).toContain(`var FIRST_CONTENT_WAIT_MS = ${FIRST_CONTENT_WAIT_MS};`);
    expect(appAskedAt).toBeGreaterThanOrEqual(Math.min(firstPaint!, FIRST_CONTENT_WAIT_MS));
    expect(asked.some((pathname) => pathname.startsWith('/uploads/'))).toBe(true);
    releasePhoto();

    // A link within the page (the skip link) works at once, the app or not.
    await guest.keyboard.press('Tab');
    await guest.keyboard.press('Enter');
    // Playwright learns of a move within the page from an event that a loaded machine may deliver late.
    await expect.poll(() => new URL(guest.url()).hash).toBe('#main-content');
    expect(await guest.evaluate(() => document.documentElement.hasAttribute('data-pending-navigation'))).toBe(false);

    // Give, tapped while the app is still on its way: kept, with a bar across the top, then followed.
    await guest.getByRole('link', { name: 'Give a Gift' }).first().click();
    expect(guest.url()).toContain(`/registry/${registry.id}`);
    expect(await guest.evaluate(() => document.documentElement.getAttribute('data-pending-navigation'))).toBe(`/gift/${registry.id}`);
    await screenshot(guest, 'i22-give-tapped-before-live-360', { fullPage: false });
    releaseApp();
    await guest.waitForURL(`**/gift/${registry.id}`);
    await expect.poll(() => guest.getByLabel('Custom Amount').isEnabled()).toBe(true);
    expect(await guest.evaluate(() => document.documentElement.hasAttribute('data-pending-navigation'))).toBe(false);
    await expectAccessible(guest, 'gift form reached by a Give tapped before the page was live');

    // The app drew the gift form without taking over the registry page first; Back returns to it.
    // (The very entry the guest left: the registry page at the skip link's anchor.)
    await guest.goBack();
    expect(new URL(guest.url())).toMatchObject({ pathname: `/registry/${registry.id}`, hash: '#main-content' });
    await expect.poll(() => guest.getByRole('heading', { level: 1, name: /Tamar Stern/ }).isVisible()).toBe(true);
    await expect.poll(() => guest.getByRole('link', { name: 'Give a Gift' }).first().isVisible()).toBe(true);
  });
});
