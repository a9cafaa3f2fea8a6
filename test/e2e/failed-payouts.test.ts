import { describe, expect, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { chromiumMissing, e2eWorld, expectAccessibleAtBothWidths, PHONE_WIDTH, signUp } from './browser';

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

const DANA = { firstName: 'Dana', lastName: 'Weiss' };

describe.skipIf(chromiumMissing)('a refused bank payout has a way out (Chromium)', () => {
  const world = e2eWorld();

  async function newPage(width: number): Promise<Page> {
    const page = await world.page(width);
    page.setDefaultTimeout(20_000);
    return page;
  }

  /** A registry with a gift of 100, set to be paid to a verified bank account whose bank refuses transfers (the sandbox's choice). */
  async function registryWithRefusingBank(request: APIRequestContext, childName: string) {
    const created = await request.post('/api/registries', {
      data: {
        childName,
        celebrationDate: '2027-06-13',
        currency: 'USD',
        personalMessage: '',
        photoUrl: null,
        preferredCharityId: '',
        allowCharityChoice: true,
      },
    });
    expect(created.status()).toBe(201);
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
    expect((await request.put(`/api/registries/${registry.id}/payout-info`, { data: { payoutMethod: 'bank' } })).status()).toBe(200);
    expect((await request.post('/api/connect/create-account', { data: { country: 'US' } })).status()).toBe(200);
    const link = (await (await request.post('/api/connect/onboarding-link', { data: { registryId: registry.id } })).json()) as {
      url: string;
    };
    const token = new URL(link.url).searchParams.get('token');
    expect((await request.post('/api/sandbox/onboarding', { data: { token, outcome: 'rejects_transfers' } })).status()).toBe(200);
    return registry;
  }

  const width = PHONE_WIDTH;
  it(`a refused bank payout: the family updates the account, then the administrator switches it to a check on their word and mails it, at ${width} px (its screens at 1280 px too)`, async () => {
    const owner = await newPage(width);
    const family = await signUp(owner.request, `refused${width}`, DANA);
    const childName = `Tamar Weiss ${width}`;
    const registry = await registryWithRefusingBank(owner.request, childName);

    // The family closes; the bank refuses the transfer.
    await owner.goto(`/registry/${registry.id}`);
    const closure = owner.getByRole('region', { name: 'Close Registry & Receive Funds' });
    await closure.getByText('Bank account verified').waitFor();
    await closure.getByRole('button', { name: 'Close Registry' }).click();
    await owner.getByRole('dialog', { name: 'Close Registry?' }).getByRole('button', { name: 'Yes, Close Registry' }).click();
    const status = owner.getByRole('region', { name: 'Payout Status' });
    const issue = status.getByRole('alert').filter({ hasText: 'Payout Issue' });
    await issue.getByText('There was an issue processing your payout. Please contact support.').waitFor();
    await issue.getByText('Details: The bank account could not accept the transfer.').waitFor();
    await expectAccessibleAtBothWidths(owner, 'payout issue with its ways out', { name: 'payout-issue-ways-out' });

    // The way out through the provider: its pages (the sandbox's), and back to the registry.
    await issue.getByRole('button', { name: 'Update Bank Account' }).click();
    await owner.waitForURL('**/sandbox/onboarding?token=*');
    await owner.getByRole('heading', { name: 'Bank Account Setup' }).waitFor();
    await owner.getByRole('radio', { name: 'Verify, but make transfers fail' }).check();
    await owner.getByRole('button', { name: 'Continue' }).click();
    await owner.waitForURL(`**/registry/${registry.id}*`);
    await status.getByText('Welcome back. If you changed your bank account, choose Try again to send the transfer to it.').waitFor();
    await expectAccessibleAtBothWidths(owner, 'back from updating the bank account');
    await status.getByRole('button', { name: 'Try again' }).click();
    await owner.getByText('Payout still pending').first().waitFor();

    // The family calls support: the administrator finds the payout and switches it to a check on their word.
    const admin = await newPage(width);
    const operator = await signUp(admin.request, `ops${width}`, DANA);
    await world.server.infrastructure.repositories.users.setAdmin(operator.id, true);
    await admin.goto('/admin/failed-payouts');
    await admin.getByRole('heading', { level: 1, name: 'Failed Payouts' }).waitFor();
    const card = admin.getByRole('listitem', { name: childName });
    await card.getByText('$90.00', { exact: true }).waitFor();
    await card.getByText('The bank account could not accept the transfer.').waitFor();
    await card.getByText('2 tries').waitFor();
    await card.getByText(`${family.username}@example.com`).waitFor();
    await expectAccessibleAtBothWidths(admin, 'failed payouts', { name: 'admin-failed-payouts' });

    await card.getByRole('button', { name: 'Switch Method' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Switch to PayPal or Check' });
    await dialog.getByRole('radio', { name: 'Mailed check' }).check();
    await dialog.getByLabel('Name on Check').fill('Dana Weiss');
    await dialog.getByLabel('Street Address').fill('40 Cedar Lane');
    await dialog.getByLabel('City').fill('Skokie');
    await dialog.getByLabel('State / Province').fill('IL');
    await dialog.getByLabel('ZIP / Postal Code').fill('60076');
    await expectAccessibleAtBothWidths(admin, 'switch a failed payout to a check', { name: 'admin-switch-to-check', fullPage: false });
    await dialog.getByRole('button', { name: 'Switch Payout' }).click();
    await admin.getByText('Payout switched').first().waitFor();
    await expect.poll(() => card.count()).toBe(0);

    // It waits on Manual Payouts like any check; the administrator claims it, mails it and marks it complete.
    await admin.goto('/admin/manual-payouts');
    const pending = admin.getByRole('region', { name: 'Pending Payouts' }).getByRole('listitem', { name: childName });
    await pending.getByText('40 Cedar Lane').waitFor();
    await expectAccessibleAtBothWidths(admin, 'switched payout on manual payouts');
    await pending.getByRole('button', { name: 'Claim to Send' }).click();
    await pending.getByText(/^Being sent by you since/).waitFor();
    await pending.getByRole('button', { name: 'Mark as Complete' }).click();
    const completing = admin.getByRole('dialog', { name: 'Mark Payout as Complete?' });
    await completing.getByLabel('Check Number').fill('2071');
    await completing.getByRole('button', { name: 'Yes, Mark as Complete' }).click();
    await admin.getByText('Payout Marked Complete').first().waitFor();
    await admin.getByRole('region', { name: 'Completed Payouts' }).getByRole('listitem', { name: childName }).waitFor();

    await owner.reload();
    await owner.getByRole('region', { name: 'Payout Status' }).getByText('Completed', { exact: true }).waitFor();
    await owner.getByRole('region', { name: 'Payout Status' }).getByText('Your check was mailed', { exact: false }).waitFor();
    await expectAccessibleAtBothWidths(owner, 'switched payout completed', { name: 'switched-payout-completed' });

    const audit = await world.server.infrastructure.repositories.audit.list(200);
    const mine = audit.filter((event) => event.subjectId === registry.id).map((event) => [event.action, event.actorLabel.split(':')[0]]);
    expect(mine).toEqual(
      expect.arrayContaining([
        ['payout.method_switched', 'admin'],
        ['manual_payout.claimed', 'admin'],
        ['manual_payout.completed', 'admin'],
      ]),
    );
    await owner.context().close();
    await admin.context().close();
  });
});
