import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { chromiumMissing, e2eWorld, expectAccessibleAtBothWidths, PHONE_WIDTH, screenshot } from './browser';

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

async function familyPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#1e3a8a"/><circle cx="600" cy="400" r="220" fill="#f4b63f"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

describe.skipIf(chromiumMissing)('a family creates a registry and a guest finds and shares it (Chromium)', () => {
  const world = e2eWorld();

  async function context(width: number): Promise<BrowserContext> {
    const created = await world.context({ viewport: { width, height: 900 } });
    await created.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.server.url });
    return created;
  }

  async function signUp(page: Page, firstName: string) {
    const username = `${firstName.toLowerCase()}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const response = await page.request.post('/api/register', {
      data: { firstName, lastName: 'Cohen', email: `${username}@example.com`, username, password: 'shalom-2026' },
    });
    expect(response.status()).toBe(201);
  }

  it('works at 360 px, and every screen it reaches at 360 and 1280 px, with no accessibility violation', async () => {
    const childName = 'Tamar Goldberg';
    const family = await context(PHONE_WIDTH);
    const page = await family.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await signUp(page, 'Rachel');

    await page.goto('/create-registry');
    await page.getByRole('heading', { name: 'Create Your Registry' }).waitFor();
    await expectAccessibleAtBothWidths(page, 'create registry (empty)');
    await page.getByRole('button', { name: 'Create Registry' }).click();
    await page.getByText("Child's name is required").first().waitFor();
    await page.getByText('Celebration date is required').first().waitFor();
    await expectAccessibleAtBothWidths(page, 'create registry (errors)');

    await page.getByLabel("Child's Name").fill(childName);
    await page.getByLabel('Celebration Date').fill('2027-05-16');
    await page.getByLabel('Personal Message (optional)').fill('Thank you for being part of Tamar’s special day!');
    await page.getByRole('radio', { name: /MAZON/ }).check();
    await page.locator('input[type="file"]').setInputFiles({ name: 'family.jpg', mimeType: 'image/jpeg', buffer: await familyPhoto() });
    await page.getByRole('img', { name: /photo/i }).first().waitFor();
    await screenshot(page, 'create-registry-360');
    await page.getByRole('button', { name: 'Create Registry' }).click();

    await page.waitForURL(/\/registry\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: new RegExp(`${childName}'s Bar/Bat Mitzvah`) }).waitFor();
    await page.getByText('Registry Management').waitFor();
    const shortLink = await page.getByLabel('Registry link').inputValue();
    expect(shortLink).toMatch(new RegExp(`^${world.server.url}/r/[23456789a-hj-km-np-z]{1,8}$`));
    // The QR code is drawn once its frame, under the link and its Copy button, is on screen, as a
    // family scrolls to it.
    await page.getByRole('button', { name: 'Copy', exact: true }).evaluate((copy) => copy.scrollIntoView({ block: 'start' }));
    await page.getByRole('img', { name: /QR code/i }).waitFor();
    await expectAccessibleAtBothWidths(page, 'registry page (owner)', { name: 'registry-owner' });

    for (const [button, dialogTitle] of [
      ['Edit Registry', /Edit Registry/],
      ['Change Currency', /Change Currency/],
      ['Delete Registry', /Delete Registry/],
    ] as const) {
      await page.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: dialogTitle }).waitFor();
      // The family asks for less motion (browser.ts): the dialog is there at once, nothing fades or grows in.
      expect(await page.evaluate(() => document.getAnimations().filter((animation) => animation.playState === 'running').length)).toBe(0);
      await expectAccessibleAtBothWidths(page, `${button} dialog`, {
        name: `dialog-${button.toLowerCase().replaceAll(' ', '-')}`,
        fullPage: false,
      });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }

    // A second registry, for a younger child, the family keeps unlisted from the edit dialog.
    const hiddenName = 'Ophira Quietwood';
    const second = await page.request.post('/api/registries', {
      data: {
        childName: hiddenName,
        celebrationDate: '2028-02-20',
        currency: 'USD',
        personalMessage: '',
        photoUrl: null,
        preferredCharityId: '',
        allowCharityChoice: true,
      },
    });
    expect(second.status()).toBe(201);
    const hidden = (await second.json()) as { id: string; shortCode: string; unlisted: boolean };
    expect(hidden.unlisted).toBe(false);
    await page.goto(`/registry/${hidden.id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(hiddenName) }).waitFor();
    expect(await page.getByText('Unlisted', { exact: true }).count()).toBe(0);
    const editDialog = page.getByRole('dialog');
    // On a machine busy with the whole suite a click landed as the family's sections were still
    // settling, and nothing opened (in CI, and here under the whole suite); a person clicks again, and
    // so does this.
    for (let attempt = 1; ; attempt += 1) {
      await page.getByRole('button', { name: 'Edit Registry' }).click();
      try {
        await editDialog.getByRole('heading', { name: /Edit Registry/ }).waitFor({ timeout: 10_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    await editDialog.getByRole('checkbox', { name: 'Keep this registry unlisted' }).check();
    await expectAccessibleAtBothWidths(page, 'edit dialog, unlisted checked', { name: 'dialog-edit-unlisted', fullPage: false });
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await editDialog.waitFor({ state: 'detached' });
    await page.getByText('Unlisted', { exact: true }).waitFor();
    await expectAccessibleAtBothWidths(page, 'unlisted registry page (owner)', { name: 'registry-owner-unlisted' });

    await page.goto('/');
    await page.getByRole('heading', { name: /Welcome back, Rachel!/ }).waitFor();
    await page.getByText(childName).first().waitFor();
    await page.getByText(hiddenName).first().waitFor();
    await expectAccessibleAtBothWidths(page, 'dashboard with a registry', { name: 'dashboard-registry' });
    await family.close();

    // A guest, signed out, searches from the landing page.
    const guestContext = await context(PHONE_WIDTH);
    const guest = await guestContext.newPage();
    await guest.goto('/');
    // A guest who opened no registry yet sees the newest ones, without money.
    const recent = guest.getByRole('list', { name: 'Recent registries' });
    await recent.getByRole('heading', { name: `${childName}'s Bar/Bat Mitzvah` }).waitFor();
    expect(await recent.getByText('Total Received').count()).toBe(0);
    expect(await recent.getByText(hiddenName).count(), 'an unlisted registry is not among the recent ones').toBe(0);
    await expectAccessibleAtBothWidths(guest, 'landing with recent registries', { name: 'landing-recent' });
    await guest.getByPlaceholder("Search by child's name...").fill('tamar gold');
    await guest.getByText('1 result(s) found').waitFor();
    await expectAccessibleAtBothWidths(guest, 'landing search results', { name: 'landing-search' });
    await guest.getByPlaceholder("Search by child's name...").fill('zzqq');
    await guest.getByText('No registries found for this search').waitFor();
    await guest.getByRole('button', { name: 'Clear Search' }).click();
    // The middle of a name finds nothing, and two letters get a hint rather than a list of children.
    await guest.getByPlaceholder("Search by child's name...").fill('oldberg');
    await guest.getByText('No registries found for this search').waitFor();
    await guest.getByPlaceholder("Search by child's name...").fill('ta');
    await guest.getByText('Type at least 3 letters of the child’s first or last name.').waitFor();
    await expectAccessibleAtBothWidths(guest, 'landing search hint', { name: 'landing-search-hint' });
    // The unlisted registry is found neither by its first name nor by its last.
    for (const query of ['ophira', 'quietwood', hiddenName]) {
      const answered = guest.waitForResponse((response) => response.url().includes('/api/registries/search'));
      await guest.getByPlaceholder("Search by child's name...").fill(query);
      expect(await (await answered).text()).not.toContain('Quietwood');
      await guest.getByText('No registries found for this search').waitFor();
    }
    await screenshot(guest, 'landing-search-unlisted-360');
    await guest.getByRole('button', { name: 'Clear Search' }).click();
    // …yet whoever the family sends its link to opens it.
    await guest.goto(`/r/${hidden.shortCode}`);
    await guest.getByRole('heading', { level: 1, name: new RegExp(hiddenName) }).waitFor();
    expect(await guest.getByText('Unlisted', { exact: true }).count()).toBe(0);
    await guest.goto('/');

    // …and opens the registry through the short link a family would print.
    await guest.goto(shortLink.replace(world.server.url, ''));
    await guest.waitForURL(/\/registry\/[0-9a-f-]{36}$/);
    await guest.getByRole('heading', { level: 1, name: new RegExp(childName) }).waitFor();
    expect(await guest.getByText('Registry Management').count()).toBe(0);
    await guest.getByText(/MAZON/).first().waitFor();
    await guest.getByRole('button', { name: 'Copy' }).click();
    await guest.getByText('Link copied!').first().waitFor();
    await guest.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await guest.evaluate(() => navigator.clipboard.readText())).toBe(shortLink);
    await expectAccessibleAtBothWidths(guest, 'registry page (guest)', { name: 'registry-guest' });
    await guest.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 4_000 });

    await guest.goto('/registry/00000000-0000-4000-8000-000000000000');
    await guest.getByText('Registry Not Found').waitFor();
    await expectAccessibleAtBothWidths(guest, 'registry not found');

    await guest.goto('/faq');
    await guest.getByRole('heading', { level: 1 }).waitFor();
    const questions = guest.getByRole('button', { expanded: false });
    expect(await guest.locator('[aria-expanded]').count()).toBeGreaterThanOrEqual(13);
    await questions.first().click();
    await expectAccessibleAtBothWidths(guest, 'faq', { name: 'faq' });

    const overflow = await guest.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
    await guestContext.close();
  });
});
