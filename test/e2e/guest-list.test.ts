import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumMissing, e2eWorld, expectAccessibleAtBothWidths, giveHundredThroughTheForm, PHONE_WIDTH, signUp } from './browser';

/** The lines of the guest list itself, not the gifts-to-match section's. */
const row = (page: Page) => page.getByRole('list', { name: /guest list/i }).getByRole('listitem');

describe.skipIf(chromiumMissing)('a family follows its guests from gift to thank-you (Chromium)', () => {
  const world = e2eWorld();

  it('sees who gave, filters, matches a gift given by hand, opens cards to givers and the labels', async () => {
    const page = await world.page(PHONE_WIDTH);
    await signUp(page.request, 'guests');
    const created = await page.request.post('/api/registries', {
      data: {
        childName: 'Eli Gold',
        celebrationDate: '2027-06-18T00:00:00.000Z',
        currency: 'USD',
        personalMessage: 'Thank you!',
        photoUrl: null,
        preferredCharityId: '',
        allowCharityChoice: true,
      },
    });
    expect(created.status()).toBe(201);
    const registry = (await created.json()) as { id: string };
    const csv = [
      'name,email,party size,street,city,state,zip,country',
      'Shira Rosen,SHIRA@example.com,2,12 Elm St,Springfield,IL,62701,US',
      'Avi Cohen,avi@example.com,1,,,,,',
      'Dora Levi,dora@example.com,3,4 Oak Ave,Chicago,IL,60601,US',
    ].join('\n');
    const imported = await page.request.post(`/api/registries/${registry.id}/guests`, {
      data: csv,
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(imported.status()).toBe(201);
    const byHand = await page.request.post(`/api/registries/${registry.id}/offline-gifts`, {
      data: { giftGiverName: 'Aunt Dora', giftGiverEmail: '', amount: 54, method: 'check', receivedOn: '2026-11-20', note: '' },
    });
    expect(byHand.status()).toBe(201);

    // Shira gives online under her address in another case: she is matched by it.
    const guest = await world.page(PHONE_WIDTH);
    await giveHundredThroughTheForm(guest, registry.id, { name: 'Shira Rosen', email: 'shira@example.com' }, '4242 4242 4242 4242');

    await page.goto(`/registry/${registry.id}/guests`);
    await page.getByText('1 gave · 0 thanked · 1 still to thank').waitFor();
    const shira = row(page).filter({ hasText: 'Shira Rosen' }).first();
    await expect.poll(() => shira.textContent()).toContain('Gave $100.00');
    await expectAccessibleAtBothWidths(page, 'guest list with a giver', { name: 'guest-list-givers' });

    await page.getByLabel('Who gave Aunt Dora’s gift?').selectOption({ label: 'Dora Levi (dora@example.com)' });
    await page.getByRole('button', { name: 'Match' }).click();
    await page.getByText('2 gave · 0 thanked · 2 still to thank').waitFor();
    await expect.poll(() => row(page).filter({ hasText: 'Dora Levi' }).first().textContent()).toContain('Gave $54.00');

    await page.getByLabel('Gave', { exact: true }).selectOption('no');
    await page.getByText('Showing 1 guest of 3.').waitFor();
    expect(await row(page).filter({ hasText: 'Avi Cohen' }).count()).toBeGreaterThan(0);
    expect(await row(page).filter({ hasText: 'Shira Rosen' }).count()).toBe(0);
    await expectAccessibleAtBothWidths(page, 'guest list filtered to who has not given', { name: 'guest-list-not-given' });
    await page.getByLabel('Gave', { exact: true }).selectOption('');

    await page.getByRole('link', { name: 'Print Mailing Labels' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mailing Labels' }).waitFor();
    await page.getByText('Dora Levi').first().waitFor();
    expect(await page.getByText('Avi Cohen').count()).toBe(0);
    await expectAccessibleAtBothWidths(page, 'mailing labels', { name: 'guest-list-labels' });

    await page.goto(`/registry/${registry.id}/guests`);
    await page.getByRole('link', { name: 'Send thank-you cards to givers' }).click();
    await page.getByText('Shira Rosen').first().waitFor();
    await expectAccessibleAtBothWidths(page, 'thank-you cards to the guests who gave', { name: 'guest-list-cards-to-givers' });
  });
});
