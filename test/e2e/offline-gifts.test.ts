import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumMissing, e2eWorld, expectAccessibleAtBothWidths, PHONE_WIDTH, screenshot } from './browser';

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

describe.skipIf(chromiumMissing)(
  'gifts given by hand at the celebration: recorded, corrected, removed, and thanked with a printed card (Chromium)',
  () => {
    const world = e2eWorld();

    /** A signed-in family with an open registry, and one gift a guest paid online. */
    async function familyWithRegistry(family: Page, width: number): Promise<string> {
      const username = `noa${width}${Date.now().toString(36)}`;
      const registered = await family.request.post('/api/register', {
        data: { firstName: 'Noa', lastName: 'Levi', email: `${username}@example.com`, username, password: 'shalom-2026' },
      });
      expect(registered.status()).toBe(201);
      const created = await family.request.post('/api/registries', {
        data: {
          childName: 'Eli Levi',
          celebrationType: 'bar',
          celebrationDate: '2027-05-16T00:00:00.000Z',
          currency: 'USD',
          personalMessage: '',
          photoUrl: null,
          preferredCharityId: '',
          allowCharityChoice: true,
        },
      });
      expect(created.status()).toBe(201);
      const registryId = ((await created.json()) as { id: string }).id;
      const charities = (await (await family.request.get('/api/charities')).json()) as { id: string }[];
      const guest = await world.context();
      const intent = await guest.request.post('/api/create-payment-intent', {
        data: {
          registryId,
          charityId: charities[0]!.id,
          giftGiverName: 'Miriam Gold',
          giftGiverEmail: 'miriam@example.com',
          amount: 100,
          personalMessage: '',
        },
      });
      const { clientSecret } = (await intent.json()) as { clientSecret: string };
      await guest.request.post('/api/sandbox/confirm', { data: { clientSecret, cardNumber: '4242424242424242' } });
      await guest.close();
      return registryId;
    }

    async function fillGift(
      family: Page,
      gift: { name: string; email?: string; amount: string; method: 'Cash' | 'Check' | 'Other'; note?: string },
    ) {
      const dialog = family.getByRole('dialog');
      await dialog.getByLabel('Giver’s name').fill(gift.name);
      await dialog.getByLabel('Giver’s email').fill(gift.email ?? '');
      await dialog.getByLabel('Amount (USD)').fill(gift.amount);
      await dialog.getByRole('radio', { name: gift.method }).check();
      await dialog.getByLabel('Note').fill(gift.note ?? '');
    }

    const width = PHONE_WIDTH;
    it(`works at ${width} px, and its screens at 1280 px too, with no accessibility violation`, async () => {
      const family = await world.page(width);
      const registryId = await familyWithRegistry(family, width);

      // At the registry page, the family records the cash Uncle Ben handed over (no e-mail).
      await family.goto(`/registry/${registryId}`);
      await family.getByRole('button', { name: 'Record a Gift Given by Hand' }).click();
      const dialog = family.getByRole('dialog', { name: 'Record a gift given by hand' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Record Gift' }).click();
      await dialog.getByText('Name is required').waitFor();
      await fillGift(family, { name: 'Uncle Ben', amount: '180', method: 'Cash', note: 'In the card box' });
      await expectAccessibleAtBothWidths(family, 'record a gift given by hand', { name: 'offline-gift-dialog', fullPage: false });
      await dialog.getByRole('button', { name: 'Record Gift' }).click();
      await family.getByText('Uncle Ben’s gift is in your gift list, marked given by hand.').waitFor();
      await expect.poll(() => dialog.count()).toBe(0);

      // The gift list: both kinds, the by-hand one marked, and the owner's totals.
      await family.getByRole('link', { name: 'See all gifts and messages' }).click();
      await family.getByRole('heading', { level: 1, name: 'All Gifts' }).waitFor();
      await family.getByRole('button', { name: 'Record a gift given by hand' }).click();
      await fillGift(family, { name: 'Aunt Dora', email: 'dora@example.com', amount: '36', method: 'Check', note: 'Check #1042' });
      await family.getByRole('dialog').getByRole('button', { name: 'Record Gift' }).click();
      await family.getByText('3 gifts.').waitFor();
      const totals = family.getByRole('list', { name: 'Totals received' });
      // Each figure says what it counts: Total Received is what came online, as on the dashboard.
      await totals.getByRole('group', { name: 'Online and by hand' }).getByText('$316.00').waitFor();
      await totals.getByRole('group', { name: 'Total Received' }).getByText('$100.00').waitFor();
      await totals.getByRole('group', { name: 'Refunded' }).getByText('$0.00').waitFor();
      await totals.getByRole('group', { name: 'Given by hand' }).getByText('$216.00').waitFor();
      const items = family.getByRole('list', { name: 'All Gifts' }).getByRole('listitem');
      const ben = items.filter({ hasText: 'Uncle Ben' });
      const dora = items.filter({ hasText: 'Aunt Dora' });
      await ben.getByText('Given by hand · Cash').waitFor();
      await dora.getByText('Given by hand · Check').waitFor();
      expect(
        await items
          .filter({ hasText: 'Miriam Gold' })
          .getByText(/Given by hand/)
          .count(),
      ).toBe(0);
      await expectAccessibleAtBothWidths(family, 'gift list with gifts given by hand', { name: 'offline-gift-list' });

      // Aunt Dora's check was for 50: the family corrects it.
      await dora.getByRole('button', { name: 'Edit Aunt Dora’s gift' }).click();
      const edit = family.getByRole('dialog', { name: 'Edit gift given by hand' });
      expect(await edit.getByLabel('Amount (USD)').inputValue()).toBe('36');
      await edit.getByLabel('Amount (USD)').fill('50');
      await expectAccessibleAtBothWidths(family, 'edit a gift given by hand');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await family.getByText('Aunt Dora’s gift has been saved.').waitFor();
      await totals.getByRole('group', { name: 'Given by hand' }).getByText('$230.00').waitFor();

      // It was recorded twice by mistake: the family removes it, after a confirmation.
      await dora.getByRole('button', { name: 'Remove Aunt Dora’s gift' }).click();
      const confirm = family.getByRole('dialog', { name: 'Remove this gift?' });
      await confirm.getByText('Aunt Dora’s gift of $50.00, given by hand, will be removed').waitFor();
      await expectAccessibleAtBothWidths(family, 'remove a gift given by hand', { name: 'offline-gift-remove', fullPage: false });
      await confirm.getByRole('button', { name: 'Remove Gift' }).click();
      await family.getByText('2 gifts.').waitFor();
      expect(await items.filter({ hasText: 'Aunt Dora' }).count()).toBe(0);
      await totals.getByRole('group', { name: 'Online and by hand' }).getByText('$280.00').waitFor();

      // The public page shows what came online only.
      const guest = await world.page(width);
      await guest.goto(`/registry/${registryId}`);
      await guest.getByText('1 generous contributor(s) so far!').waitFor();
      expect(await guest.getByText('Uncle Ben').count()).toBe(0);
      await guest.context().close();

      // Thank-you cards: Uncle Ben has no e-mail, so his card is printed.
      await family.goto(`/thank-you-cards/${registryId}`);
      await family.getByText('0/2 cards sent').waitFor();
      await family.getByRole('button', { name: /Uncle Ben/ }).click();
      await family.getByRole('heading', { name: 'Thank You Card for Uncle Ben' }).waitFor();
      await family.getByText('No e-mail address', { exact: true }).waitFor();
      expect(await family.getByRole('button', { name: 'Send Card' }).count()).toBe(0);
      await expectAccessibleAtBothWidths(family, 'thank-you card for a gift given by hand', {
        name: 'offline-gift-thank-you',
        fullPage: false,
      });
      await family.getByRole('button', { name: 'Print Card' }).click();

      await family.waitForURL(`**/thank-you-cards/${registryId}/print/**`);
      await family.getByRole('heading', { level: 1, name: 'Print the card for Uncle Ben' }).waitFor();
      const card = family.frameLocator('iframe[title="Thank-you card for Uncle Ben"]');
      await card.getByText('Dear Uncle Ben,').waitFor();
      await expectAccessibleAtBothWidths(family, 'print card page', { name: 'offline-gift-print-screen' });
      await family.emulateMedia({ media: 'print' });
      expect(await family.getByRole('button', { name: 'Print Card' }).isVisible()).toBe(false);
      expect(await family.locator('header').first().isVisible()).toBe(false);
      await screenshot(family, `offline-gift-print-${width}`);
      await family.emulateMedia({ media: 'screen' });

      await family.getByRole('button', { name: 'Mark as Given' }).click();
      await family.getByText('Your card for Uncle Ben now counts as sent.').waitFor();
      await family.getByText(/^Given or sent on /).waitFor();
      await family.getByRole('link', { name: 'Back to Thank You Cards' }).click();
      await family.getByText('1/2 cards sent').waitFor();
      await expectAccessibleAtBothWidths(family, 'thank-you progress after a printed card');

      await family.context().close();
    });
  },
);
