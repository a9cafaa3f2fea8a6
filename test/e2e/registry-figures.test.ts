import { describe, expect, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { chromiumMissing, e2eWorld, expectAccessible, screenshot, signUp } from './browser';

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

const FAMILY = { firstName: 'Leah', lastName: 'Friedman' };

describe.skipIf(chromiumMissing)('one figure on every screen, after a refund at the platform’s cost (Chromium)', () => {
  const world = e2eWorld();

  async function newPage(width: number): Promise<Page> {
    const page = await world.page(width);
    page.setDefaultTimeout(20_000);
    return page;
  }

  async function give(request: APIRequestContext, registryId: string, charityId: string, amount: number, giftGiverName: string) {
    const intent = await request.post('/api/create-payment-intent', {
      data: { registryId, charityId, giftGiverName, giftGiverEmail: 'guest@example.com', amount, personalMessage: '' },
    });
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    expect((await request.post('/api/sandbox/confirm', { data: { clientSecret, cardNumber: '4242424242424242' } })).status()).toBe(200);
  }

  /** CA$378.00 given (CA$360.00 and CA$18.00, to two charities), closed to be paid by check, claimed, and the CA$18.00 refunded at the platform's cost. */
  async function theHistory(owner: Page, admin: Page) {
    const created = await owner.request.post('/api/registries', {
      data: {
        childName: 'Noa Friedman',
        celebrationDate: '2027-06-13',
        currency: 'CAD',
        personalMessage: '',
        photoUrl: null,
        preferredCharityId: '',
        allowCharityChoice: true,
      },
    });
    const registry = (await created.json()) as { id: string };
    const charities = (await (await owner.request.get('/api/charities')).json()) as { id: string; name: string }[];
    await give(owner.request, registry.id, charities[0]!.id, 360, 'Grandma Ruth');
    await give(owner.request, registry.id, charities[1]!.id, 18, 'Cousin Avi');
    const check = {
      payoutMethod: 'check',
      mailingName: 'Leah Friedman',
      mailingAddress: '12 Elm St',
      mailingCity: 'Toronto',
      mailingState: 'ON',
      mailingZip: 'M5V 2T6',
      mailingCountry: 'CA',
    };
    expect((await owner.request.put(`/api/registries/${registry.id}/payout-info`, { data: check })).status()).toBe(200);
    expect((await owner.request.put(`/api/registries/${registry.id}/close`)).status()).toBe(200);
    expect((await admin.request.post(`/api/admin/manual-payouts/${registry.id}/claim`, { data: {} })).status()).toBe(200);
    const list = (await (await owner.request.get(`/api/registries/${registry.id}/gift-list`)).json()) as {
      gifts: { id: string; amount: number }[];
    };
    const small = list.gifts.find((gift) => gift.amount === 18)!;
    expect(
      (
        await admin.request.post(`/api/gifts/${small.id}/refund-at-platform-cost`, { data: { reason: 'The giver’s card was stolen' } })
      ).status(),
    ).toBe(200);
    return { registry, charities };
  }

  it('the registry page, the gift list and the finance page tell the same figures, and the finance page warns of the cash short, at 1280 and 360 px', async () => {
    const owner = await newPage(1280);
    await signUp(owner.request, 'figfamily', FAMILY);
    const admin = await newPage(1280);
    const operator = await signUp(admin.request, 'figops', FAMILY);
    await world.server.infrastructure.repositories.users.setAdmin(operator.id, true);
    const { registry, charities } = await theHistory(owner, admin);

    for (const width of [1280, 360]) {
      await owner.setViewportSize({ width, height: 900 });
      await owner.goto(`/registry/${registry.id}`);
      await owner.getByRole('heading', { level: 1, name: /Noa Friedman/ }).waitFor();
      // The payout status and the Charity Breakdown: CA$37.80 to charity, both charities in it.
      await owner.getByText('Amount to charity').waitFor();
      await expect(owner.getByText('CA$340.20').first().isVisible()).resolves.toBe(true);
      await expect(owner.getByText('CA$37.80').first().isVisible()).resolves.toBe(true);
      const breakdown = owner.getByRole('table').filter({ has: owner.getByRole('rowheader', { name: charities[1]!.name }) });
      await expect(breakdown.getByRole('row', { name: charities[0]!.name }).textContent()).resolves.toContain('CA$36.00');
      await expect(breakdown.getByRole('row', { name: charities[1]!.name }).textContent()).resolves.toContain('CA$1.80');
      await expectAccessible(owner, `registry page after a refund at the platform’s cost at ${width}`);
      await screenshot(owner, `figures-registry-${width}`);

      await owner.goto(`/registry/${registry.id}/gifts`);
      const totals = owner.getByRole('list', { name: 'Totals received' });
      await totals.waitFor();
      await expect(totals.textContent()).resolves.toMatch(/Total Received\s*CA\$378\.00/);
      await expect(totals.textContent()).resolves.toContain('Refunded at our cost');
      await screenshot(owner, `figures-gift-list-${width}`);

      await admin.setViewportSize({ width, height: 900 });
      await admin.goto('/admin/finance');
      await admin.getByRole('heading', { level: 1, name: 'Finance' }).waitFor();
      await admin.getByRole('combobox', { name: 'Currency' }).click();
      await admin.getByRole('option', { name: 'CAD' }).click();
      const figures = admin.getByRole('table', { name: /^CAD in / });
      await figures.waitFor();
      const now = (name: RegExp) => figures.getByRole('row', { name }).getByRole('cell').last().textContent();
      await expect(now(/^Refunds at the platform's cost/)).resolves.toBe('CA$18.00');
      await expect(now(/^Held for others, in all/)).resolves.toBe('CA$378.00');
      await expect(now(/^Refunded to givers/)).resolves.not.toBe('CA$0.00');
      await expect(admin.getByRole('alert').filter({ hasText: 'short of what is held for others' }).isVisible()).resolves.toBe(true);
      await expectAccessible(admin, `Admin → Finance after a refund at the platform’s cost at ${width}`);
      await screenshot(admin, `figures-finance-${width}`);
    }
  }, 240_000);
});
