import { describe, expect, it } from 'vitest';
import { chromiumMissing, e2eWorld, screenshot, signUp } from './browser';

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

describe.skipIf(chromiumMissing)('a guest whose phone runs no JavaScript (Chromium)', () => {
  const world = e2eWorld();

  it('reads the registry from its short link (the child’s name, the dates, the message, the way to give) and sees the gift form', async () => {
    const family = await (await world.context()).newPage();
    await signUp(family.request, 'nojs');
    const created = await family.request.post('/api/registries', {
      data: {
        childName: 'Talia Brenner',
        celebrationDate: '2030-05-16',
        currency: 'USD',
        personalMessage: 'Thank you for being part of our simcha!',
        photoUrl: null,
        preferredCharityId: '',
        allowCharityChoice: true,
      },
    });
    expect(created.status()).toBe(201);
    const registry = (await created.json()) as { id: string; shortCode: string; hebrewDate: { date: string } };

    // Nothing the server sends is run: what shows is what the HTML holds.
    const guestContext = await world.browser.newContext({
      baseURL: world.server.url,
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
    });
    const guest = await guestContext.newPage();
    const response = await guest.goto(`/r/${registry.shortCode}`);
    expect(response?.status()).toBe(200);
    // The registry's page itself, at the short link, naming the registry's own address.
    expect(new URL(guest.url()).pathname).toBe(`/r/${registry.shortCode}`);
    expect(new URL((await guest.locator('link[rel="canonical"]').getAttribute('href'))!).pathname).toBe(`/registry/${registry.id}`);
    expect(await guest.title()).toBe("Talia Brenner's Bar/Bat Mitzvah | Mitzvah Gifts");
    await expect.poll(() => guest.getByRole('heading', { level: 1 }).textContent()).toContain('Talia Brenner');
    expect(await guest.getByText(registry.hebrewDate.date, { exact: false }).count()).toBeGreaterThan(0);
    expect(await guest.getByText('Thank you for being part of our simcha!').count()).toBe(1);
    // Playwright's text queries skip <noscript>, which a browser without JavaScript shows.
    expect(await guest.locator('noscript').first().textContent()).toContain(
      'Giving a gift needs JavaScript. Please enable it in your browser.',
    );
    // Nothing on the page says it is still loading: without the app, nothing will come.
    expect(await guest.getByRole('progressbar').count()).toBe(0);
    await screenshot(guest, 'no-javascript-registry-360');

    // The way to give is a plain link: it works without the app.
    await guest
      .getByRole('link', { name: /Give a Gift/ })
      .first()
      .click();
    await guest.waitForURL(`**/gift/${registry.id}`);
    expect(await guest.getByLabel('Your Name').isVisible()).toBe(true);
    expect(await guest.getByLabel('Custom Amount').isVisible()).toBe(true);
    await screenshot(guest, 'no-javascript-gift-form-360');
    await guestContext.close();
  });
});
