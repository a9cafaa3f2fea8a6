import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { reconcileDay } from '@core/ledger/reconcile-day';
import { SandboxPaymentGateway } from '../../adapters/payments/sandbox/sandbox-payment-gateway';
import { createSandboxAccountStore } from '../../adapters/persistence/repositories/mikro-orm-sandbox-account-store';
import { createSandboxBalance } from '../../adapters/persistence/repositories/mikro-orm-sandbox-balance';
import { chromiumMissing, e2eWorld, expectAccessible, screenshot, signUp } from './browser';

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

const DANA = { firstName: 'Dana', lastName: 'Weiss' };

describe.skipIf(chromiumMissing)('Admin → Finance (Chromium)', () => {
  const world = e2eWorld();
  const today = () => new Date().toISOString().slice(0, 10);

  async function newPage(width: number): Promise<Page> {
    const page = await world.page(width);
    page.setDefaultTimeout(20_000);
    return page;
  }

  /** A registry with a gift of 100 paid by card, closed to be paid by check. */
  async function closedRegistryWithAGift(request: APIRequestContext) {
    const created = await request.post('/api/registries', {
      data: {
        childName: 'Eli Stern',
        celebrationDate: '2027-06-13',
        currency: 'USD',
        personalMessage: '',
        photoUrl: null,
        preferredCharityId: '',
        allowCharityChoice: true,
      },
    });
    const registry = (await created.json()) as { id: string };
    const charityId = ((await (await request.get('/api/charities')).json()) as { id: string }[])[0]!.id;
    const intent = await request.post('/api/create-payment-intent', {
      data: {
        registryId: registry.id,
        charityId,
        giftGiverName: 'Grandma Ruth',
        giftGiverEmail: 'ruth@example.com',
        amount: 100,
        personalMessage: '',
      },
    });
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    expect((await request.post('/api/sandbox/confirm', { data: { clientSecret, cardNumber: '4242424242424242' } })).status()).toBe(200);
    const check = {
      payoutMethod: 'check',
      mailingName: 'Dana Weiss',
      mailingAddress: '12 Elm St',
      mailingCity: 'Teaneck',
      mailingState: 'NJ',
      mailingZip: '07666',
    };
    expect((await request.put(`/api/registries/${registry.id}/payout-info`, { data: check })).status()).toBe(200);
    expect((await request.put(`/api/registries/${registry.id}/close`)).status()).toBe(200);
  }

  /** Today's reconciliation, after a charge appeared at the provider that our books never saw. */
  async function reconcileWithAStrayCharge() {
    const { orm, repositories } = world.server.infrastructure;
    await createSandboxBalance(orm).record({
      id: 'txn_sbx_e2e_stray',
      kind: 'charge',
      type: 'charge',
      reference: 'sbx_pi_USD_2500_stray',
      currency: 'USD',
      amount: 2_500,
      fee: 103,
      created: new Date(),
    });
    const gateway = new SandboxPaymentGateway({
      secret: 'e2e-other-instance-secret-0123456789',
      accounts: createSandboxAccountStore(orm),
      balance: createSandboxBalance(orm),
      appUrl: world.server.url,
    });
    await reconcileDay(
      today(),
      { unitOfWork: repositories, gateway, clock: { now: () => new Date() }, appUrl: world.server.url, supportEmail: 'help@example.com' },
      { force: true },
    );
  }

  it('an administrator reads the month’s books, the difference with the provider and the chart, and downloads the CSV, at 1280 and 360 px', async () => {
    const owner = await newPage(1280);
    await signUp(owner.request, 'finfamily', DANA);
    await closedRegistryWithAGift(owner.request);
    await reconcileWithAStrayCharge();

    for (const width of [1280, 360]) {
      const admin = await newPage(width);
      const operator = await signUp(admin.request, `finops${width}`, DANA);
      await world.server.infrastructure.repositories.users.setAdmin(operator.id, true);
      await admin.goto('/admin/finance');
      await admin.getByRole('heading', { level: 1, name: 'Finance' }).waitFor();
      const figures = admin.getByRole('table', { name: /^USD in / });
      await figures.waitFor();
      // The gift's 90% is owed to the family until the check is mailed; the platform fee is earned.
      await expect(
        figures
          .getByRole('row', { name: /^Held for families: closed, not yet paid/ })
          .getByRole('cell')
          .last()
          .textContent(),
      ).resolves.toBe('$90.00');
      await expect(
        figures
          .getByRole('row', { name: /^Platform fee revenue/ })
          .getByRole('cell')
          .last()
          .textContent(),
      ).resolves.toBe('$3.00');
      await admin
        .getByRole('list', { name: 'Differences with the provider' })
        .getByText('A charge of $25.00 (sbx_pi_USD_2500_stray) that the ledger never recorded.')
        .waitFor();
      await admin.getByText(/^Gifts paid in USD each month/).waitFor();
      await expectAccessible(admin, `Admin → Finance at ${width}`);
      await screenshot(admin, `admin-finance-${width}`);

      if (width === 1280) {
        const [download] = await Promise.all([
          admin.waitForEvent('download'),
          admin.getByRole('link', { name: /Download .* as CSV/ }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`ledger-USD-${today().slice(0, 7)}.csv`);
        const csv = readFileSync((await download.path())!, 'utf8');
        expect(csv.split('\r\n')[0]).toBe('posted_at,entry,kind,reference,account,held_for,registry_id,debit,credit,currency');
        expect(csv).toContain(',100.00,USD');
      }
      await admin.context().close();
    }
  }, 180_000);
});
