import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { chromiumMissing, e2eWorld, expectAccessible, expectAccessibleAtBothWidths, PHONE_WIDTH, screenshot, signUp } from './browser';

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

describe.skipIf(chromiumMissing)('a family closes its registry and everyone is paid (Chromium)', () => {
  const world = e2eWorld();

  async function newPage(): Promise<Page> {
    const page = await world.page(PHONE_WIDTH);
    page.setDefaultTimeout(20_000);
    return page;
  }

  /** A registry with two gifts, both to the one charity given, so that charity's payouts are this journey's alone. */
  async function registryWithGifts(request: APIRequestContext, childName: string, charityId: string) {
    const created = await request.post('/api/registries', {
      data: {
        childName,
        celebrationDate: '2027-05-16',
        currency: 'USD',
        personalMessage: 'Thank you!',
        photoUrl: null,
        preferredCharityId: '',
        allowCharityChoice: true,
      },
    });
    expect(created.status()).toBe(201);
    const registry = (await created.json()) as { id: string };
    for (const [index, amount] of [100, 80].entries()) {
      const intent = await request.post('/api/create-payment-intent', {
        data: {
          registryId: registry.id,
          charityId,
          giftGiverName: `Guest ${index}`,
          giftGiverEmail: `guest${index}@example.com`,
          amount,
          personalMessage: '',
        },
      });
      const { clientSecret } = (await intent.json()) as { clientSecret: string };
      expect((await request.post('/api/sandbox/confirm', { data: { clientSecret, cardNumber: '4242424242424242' } })).status()).toBe(200);
    }
    return registry;
  }

  async function charity(request: APIRequestContext, index: number) {
    return ((await (await request.get('/api/charities')).json()) as { id: string; name: string }[])[index]!;
  }

  async function closeFromTheRegistryPage(page: Page) {
    await page.getByRole('button', { name: 'Close Registry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close Registry?' });
    await dialog.waitFor();
    await expectAccessible(page, 'close confirmation');
    await dialog.getByRole('button', { name: 'Yes, Close Registry' }).click();
  }

  function outbox(): string[] {
    const folder = path.join(world.server.dataDir, 'outbox');
    return readdirSync(folder).map((file) =>
      readFileSync(path.join(folder, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
  }

  it('closes with a check; an admin claims it (another admin sees who holds it), sends it and pays the charity’s share, and the family sees it completed, at 360 px (its screens at 1280 px too)', async () => {
    const owner = await newPage();
    const family = await signUp(owner.request, `check`);
    const partner = await charity(owner.request, 3);
    const childName = `Eli Stern`;
    const registry = await registryWithGifts(owner.request, childName, partner.id);

    await owner.goto(`/registry/${registry.id}`);
    const closure = owner.getByRole('region', { name: 'Close Registry & Receive Funds' });
    await closure.waitFor();
    expect(await closure.getByRole('button', { name: 'Close Registry' }).isDisabled()).toBe(true);
    await closure.getByRole('radio', { name: 'Mailed check' }).check();
    await closure.getByText('Fill in your mailing address above to close the registry').waitFor();
    await closure.getByLabel('Name on Check').fill('Rachel Stern');
    await closure.getByLabel('Street Address').fill('12 Elm Street');
    await closure.getByLabel('City').fill('Teaneck');
    await closure.getByLabel('State / Province').fill('NJ');
    await closure.getByLabel('ZIP / Postal Code').fill('07666');
    await expectAccessibleAtBothWidths(owner, 'check details', { name: 'close-check-form' });
    await closeFromTheRegistryPage(owner);
    const status = owner.getByRole('region', { name: 'Payout Status' });
    await status.getByText('Processing', { exact: true }).waitFor();
    await status.getByText('Your check will be mailed within 5-7 business days after closing.').waitFor();
    await owner.getByRole('heading', { name: 'Make Your Contribution' }).waitFor({ state: 'detached' });
    await expectAccessibleAtBothWidths(owner, 'closed with a check', { name: 'closed-check' });

    const admin = await newPage();
    const operator = await signUp(admin.request, `admin`);
    await world.server.infrastructure.repositories.users.setAdmin(operator.id, true);
    await admin.goto('/admin/manual-payouts');
    await admin.getByRole('heading', { level: 1, name: 'Manual Payouts' }).waitFor();
    const card = admin.getByRole('region', { name: 'Pending Payouts' }).getByRole('listitem', { name: childName });
    await card.getByText('$162.00', { exact: true }).first().waitFor();
    await card.getByText('Rachel Stern').first().waitFor();
    await expectAccessibleAtBothWidths(admin, 'manual payouts', { name: 'admin-manual-pending' });
    // Claimed before it is sent: nobody else sends it too.
    await expect(card.getByRole('button', { name: 'Mark as Complete' }).count()).resolves.toBe(0);
    await card.getByRole('button', { name: 'Claim to Send' }).click();
    await admin.getByText('Payout Claimed').first().waitFor();
    await card.getByText(/^Being sent by you since/).waitFor();

    // Another administrator sees who holds it, and cannot mark it sent.
    const colleague = await newPage();
    const second = await signUp(colleague.request, `colleague`);
    await world.server.infrastructure.repositories.users.setAdmin(second.id, true);
    await colleague.goto('/admin/manual-payouts');
    const seen = colleague.getByRole('region', { name: 'Pending Payouts' }).getByRole('listitem', { name: childName });
    await seen.getByText(`Being sent by ${operator.username} since`, { exact: false }).waitFor();
    await expect(seen.getByRole('button', { name: 'Mark as Complete' }).count()).resolves.toBe(0);
    await seen.getByRole('button', { name: `Release ${operator.username}’s claim on ${childName}'s payout` }).waitFor();
    await expectAccessibleAtBothWidths(colleague, 'a payout another administrator is sending', { name: 'admin-manual-claimed-by-another' });
    await colleague.context().close();

    await expectAccessibleAtBothWidths(admin, 'a payout you are sending');
    await card.getByRole('button', { name: 'Mark as Complete' }).click();
    const completing = admin.getByRole('dialog', { name: 'Mark Payout as Complete?' });
    await completing.getByLabel('Check Number').fill('1042');
    await completing.getByRole('button', { name: 'Yes, Mark as Complete' }).click();
    await admin.getByText('Payout Marked Complete').first().waitFor();
    await admin.getByRole('region', { name: 'Completed Payouts' }).getByRole('listitem', { name: childName }).waitFor();
    await expectAccessibleAtBothWidths(admin, 'manual payout completed');

    await owner.reload();
    await owner.getByRole('region', { name: 'Payout Status' }).getByText('Completed', { exact: true }).waitFor();
    await screenshot(owner, 'owner-payout-completed-360');

    // The charity's details, so its receipts can be issued: a bad EIN is refused in words, then a good one is kept.
    await admin.goto('/admin/charities');
    await admin.getByRole('heading', { level: 1, name: 'Charity Details' }).waitFor();
    const record = admin.getByRole('listitem', { name: partner.name });
    await record.getByText('Receipts not issued: details missing').waitFor();
    await expectAccessibleAtBothWidths(admin, 'charity details');
    await record.getByRole('button', { name: 'Add Details' }).click();
    const details = admin.getByRole('dialog', { name: 'Charity Details' });
    await details.getByLabel('Legal name').fill(`${partner.name}, Inc.`);
    await details.getByLabel('EIN').fill('12-34');
    await details.getByLabel('Address').fill('151 West 30th Street\nNew York, NY 10001');
    await details.getByLabel('Agreement recorded on').fill('2026-11-01');
    await details.getByRole('button', { name: 'Save Details' }).click();
    await details.getByText('A US tax id is an EIN of 9 digits, written 12-3456789').waitFor();
    await expectAccessibleAtBothWidths(admin, 'charity details refused', { name: 'admin-charity-details-refused' });
    await details.getByLabel('EIN').fill('112345678');
    await details.getByRole('button', { name: 'Save Details' }).click();
    await record.getByText('11-2345678').waitFor();
    await record.getByText('Receipts issued').waitFor();
    await screenshot(admin, 'admin-charity-details-360');

    await admin.goto('/admin/charity-payouts');
    await admin.getByRole('heading', { level: 1, name: 'Charity Payouts' }).waitFor();
    const distribution = admin.getByRole('region', { name: 'Pending Distributions' }).getByRole('listitem', { name: partner.name });
    await distribution.getByText('$18.00').waitFor();
    await distribution.getByText('2 contributions').waitFor();
    // Its donors, for the charity to thank: the gifts came before its details, so no receipt was issued.
    await distribution.getByRole('button', { name: 'Show Donor List' }).click();
    const donors = distribution.getByRole('region', { name: `Donors to ${partner.name}` });
    await donors.getByText('Guest 0').waitFor();
    await donors
      .getByText(/^No receipt issued · \d{4}-\d{2}-\d{2} · E-mail not shared$/)
      .first()
      .waitFor();
    const history = admin.getByRole('region', { name: 'Payout History' }).getByRole('listitem', { name: partner.name });
    await expectAccessibleAtBothWidths(admin, 'charity payouts', { name: 'admin-charity-pending' });
    // Listed once: pending in its distribution (with the button), not again in the history.
    await expect(history.count()).resolves.toBe(0);
    await distribution.getByRole('button', { name: 'Claim to Send' }).click();
    await distribution.getByText(/^Being sent by you since/).waitFor();
    await distribution.getByRole('button', { name: 'Mark Completed' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Mark Payout Completed' });
    await dialog.getByLabel('Payment Method').fill('ACH');
    await dialog.getByLabel('Reference Number').fill(`ACH-`);
    await dialog.getByLabel('Notes (optional)').fill('November batch');
    await expectAccessibleAtBothWidths(admin, 'mark charity payout completed');
    await dialog.getByRole('button', { name: 'Confirm Payout' }).click();
    await admin.getByText('Payout Marked Complete').first().waitFor();
    await history.getByText('Completed', { exact: true }).first().waitFor();
    await history.getByText(`ACH-`).waitFor();
    await expect(distribution.count()).resolves.toBe(0);
    await screenshot(admin, 'admin-charity-completed-360');

    await world.server.mailWorker.drainOnce();
    const mail = outbox().filter((text) => text.includes(`To: ${family.username}@example.com`));
    expect(mail.some((text) => text.includes('registry closed') && text.includes('mailed within 5-7 business days'))).toBe(true);
    expect(mail.some((text) => text.includes('your payout was sent'))).toBe(true);
    const audit = await world.server.infrastructure.repositories.audit.list(100);
    expect(
      audit
        .filter((event) => event.actorUserId === operator.id)
        .map((event) => event.action)
        .sort(),
    ).toEqual(['charity_payout.claimed', 'charity_payout.completed', 'manual_payout.claimed', 'manual_payout.completed']);
    await owner.context().close();
    await admin.context().close();
  });

  it('closes to a bank account verified through the sandbox onboarding at 360 px (its screens at 1280 px too)', async () => {
    const owner = await newPage();
    await signUp(owner.request, `bank`);
    const registry = await registryWithGifts(owner.request, `Noa Levi`, (await charity(owner.request, 0)).id);

    await owner.goto(`/registry/${registry.id}`);
    const closure = owner.getByRole('region', { name: 'Close Registry & Receive Funds' });
    await closure.getByRole('radio', { name: 'Bank transfer' }).check();
    await closure.getByText('Complete your bank account setup above to close the registry').waitFor();
    await closure.getByRole('button', { name: 'Create Payment Account' }).click();

    // Straight on to the onboarding, with no second click (docs/product.md#states-and-transitions).
    await owner.waitForURL('**/sandbox/onboarding?token=*');
    await owner.getByRole('heading', { name: 'Bank Account Setup' }).waitFor();
    await expectAccessibleAtBothWidths(owner, 'sandbox onboarding', { name: 'sandbox-onboarding' });
    await owner.getByRole('radio', { name: 'Leave unfinished' }).check();
    await owner.getByRole('button', { name: 'Continue' }).click();

    await owner.waitForURL(`**/registry/${registry.id}*`);
    await owner.getByText('Welcome back. Your bank account setup is not complete yet, so it is not verified.').waitFor();
    await closure.getByText('Bank account not verified yet').waitFor();
    await expectAccessibleAtBothWidths(owner, 'bank account not verified', { name: 'bank-unverified' });
    await closure.getByRole('button', { name: 'Continue Setup' }).click();

    await owner.waitForURL('**/sandbox/onboarding?token=*');
    await owner.getByRole('heading', { name: 'Bank Account Setup' }).waitFor();
    await owner.getByRole('radio', { name: 'Verify the bank account' }).check();
    await owner.getByRole('button', { name: 'Continue' }).click();

    await owner.waitForURL(`**/registry/${registry.id}*`);
    await owner.getByText('Welcome back! Your bank account is verified. You can now close the registry.').waitFor();
    await closure.getByText('Bank account verified').waitFor();
    await expectAccessibleAtBothWidths(owner, 'bank account verified');
    await closeFromTheRegistryPage(owner);
    await owner.getByText('Your payout of $162.00 is on its way to your bank account.').waitFor();
    const status = owner.getByRole('region', { name: 'Payout Status' });
    await status.getByText('Completed', { exact: true }).waitFor();
    await expectAccessibleAtBothWidths(owner, 'paid to the bank', { name: 'bank-paid' });
    await owner.context().close();
  });
});
