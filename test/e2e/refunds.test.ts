import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  chromiumMissing,
  e2eWorld,
  expectAccessible,
  expectAccessibleAtBothWidths,
  giveHundredThroughTheForm,
  PHONE_WIDTH,
  screenshot,
  signUp,
} from './browser';

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

describe.skipIf(chromiumMissing)('a family and an administrator refund gifts (Chromium)', () => {
  const world = e2eWorld();

  async function newPage(width: number): Promise<Page> {
    const page = await world.page(width);
    page.setDefaultTimeout(20_000);
    return page;
  }

  /** Every e-mail sent so far, as the raw .eml text (quoted-printable soft breaks undone). */
  async function outbox(): Promise<string[]> {
    await world.server.mailWorker.drainOnce();
    const folder = path.join(world.server.dataDir, 'outbox');
    return readdirSync(folder).map((file) =>
      readFileSync(path.join(folder, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=')
        .replace(/=E2=80=99/g, '’'),
    );
  }

  const width = PHONE_WIDTH;
  it(`the owner refunds a guest’s gift with a reason and an administrator refunds another, at ${width} px (its screens at 1280 px too)`, async () => {
    const owner = await newPage(width);
    await signUp(owner.request, `family${width}`);
    const childName = `Noa Refund ${width}`;
    const created = await owner.request.post('/api/registries', {
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
    const registry = (await created.json()) as { id: string; shortCode: string };

    // A guest gives $100 with the sandbox card, as anyone would.
    const guest = await newPage(width);
    await giveHundredThroughTheForm(guest, registry.id, { name: 'Shira Rosen', email: `shira${width}@example.com` }, '4242 4242 4242 4242');

    // A second guest, whose gift the administrator refunds later.
    const charityId = ((await (await guest.request.get('/api/charities')).json()) as { id: string }[])[0]!.id;
    const intent = await guest.request.post('/api/create-payment-intent', {
      data: {
        registryId: registry.id,
        charityId,
        giftGiverName: 'Avi Levi',
        giftGiverEmail: `avi${width}@example.com`,
        amount: 36,
        personalMessage: '',
      },
    });
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    expect((await guest.request.post('/api/sandbox/confirm', { data: { clientSecret, cardNumber: '4242424242424242' } })).status()).toBe(
      200,
    );

    await owner.goto(`/registry/${registry.id}`);
    await owner.getByText('$136.00').first().waitFor();
    await owner.goto(`/registry/${registry.id}/gifts`);
    await owner.getByRole('heading', { level: 1, name: 'All Gifts' }).waitFor();
    const shira = owner.getByRole('listitem').filter({ hasText: 'Shira Rosen' });
    await shira.getByRole('button', { name: 'Refund Shira Rosen’s gift' }).click();

    const dialog = owner.getByRole('dialog', { name: 'Refund Shira Rosen’s gift?' });
    await dialog.waitFor();
    await dialog.getByText('Shira Rosen gets back $106.39: the gift of $100.00 and the fees they paid.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Refund $106.39' }).click();
    await dialog.getByText('Please say why this gift is refunded').waitFor();
    expect(await owner.evaluate(() => document.activeElement?.id)).toBe('refund-reason');
    await dialog.getByLabel('Reason for the refund').fill('Shira asked: she gave twice by mistake');
    await expectAccessibleAtBothWidths(owner, 'refund dialog', { name: 'refund-dialog', fullPage: false });
    await dialog.getByRole('button', { name: 'Refund $106.39' }).click();
    await owner.getByText('Gift Refunded').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await shira.getByText('Refunded').waitFor();
    expect(await shira.getByRole('button', { name: /Refund/ }).count()).toBe(0);
    await expectAccessibleAtBothWidths(owner, 'gift list with a refunded gift', { name: 'gift-list-refunded' });

    // The registry page: the total dropped and Recent Gifts says Refunded.
    await owner.goto(`/registry/${registry.id}`);
    const recent = owner.getByRole('region', { name: 'Recent Gifts' });
    await recent.getByRole('listitem').filter({ hasText: 'Shira Rosen' }).getByText('Refunded').waitFor();
    await owner.getByText('$36.00').first().waitFor();
    expect(await owner.getByText('$136.00').count()).toBe(0);
    await expectAccessibleAtBothWidths(owner, 'registry page after a refund', { name: 'registry-after-refund' });

    // Shira's e-mail says how much comes back and when.
    await expect
      .poll(
        async () =>
          (await outbox()).filter((mail) => mail.includes(`To: shira${width}@example.com`) && mail.includes('was refunded')).length,
      )
      .toBe(1);
    const refundMail = (await outbox()).find((mail) => mail.includes(`To: shira${width}@example.com`) && mail.includes('was refunded'))!;
    expect(refundMail).toContain('$106.39');
    expect(refundMail).toContain('5 to 10 business days');
    expect(refundMail).not.toContain('gave twice by mistake');

    // An administrator finds the registry by its short link and refunds Avi's gift.
    const admin = await newPage(width);
    const operator = await signUp(admin.request, `refundadmin${width}`);
    await world.server.infrastructure.repositories.users.setAdmin(operator.id, true);
    await admin.goto('/admin/gift-refunds');
    await admin.getByRole('heading', { level: 1, name: 'Gift Refunds' }).waitFor();
    await expectAccessibleAtBothWidths(admin, 'gift refunds lookup');
    await admin.getByLabel('Registry link, id or short code').fill(`${world.server.url}/r/${registry.shortCode}`);
    await admin.getByRole('button', { name: 'Find Registry' }).click();
    await admin.getByRole('heading', { level: 2, name: `${childName}'s Bar/Bat Mitzvah` }).waitFor();
    const avi = admin.getByRole('listitem').filter({ hasText: 'Avi Levi' });
    await admin.getByRole('listitem').filter({ hasText: 'Shira Rosen' }).getByText('Refunded').waitFor();
    await expectAccessibleAtBothWidths(admin, 'gift refunds found', { name: 'admin-gift-refunds' });
    await avi.getByRole('button', { name: 'Refund Avi Levi’s gift' }).click();
    const adminDialog = admin.getByRole('dialog', { name: 'Refund Avi Levi’s gift?' });
    await adminDialog.getByLabel('Reason for the refund').fill('Avi wrote to support: wrong registry');
    await adminDialog.getByRole('button', { name: /Refund \$/ }).click();
    await admin.getByText('Gift Refunded').first().waitFor();
    await avi.getByText('Refunded').waitFor();
    await admin.getByText('$0.00').first().waitFor();
    await expectAccessibleAtBothWidths(admin, 'gift refunds after an admin refund', { name: 'admin-gift-refunded' });

    for (const opened of [owner, guest, admin]) await opened.context().close();
  });

  it('after closing, the family refunds while the payouts wait; once the payout is claimed, the gift says why not, and an administrator refunds at the platform’s cost, at 360 px', async () => {
    const owner = await newPage(360);
    await signUp(owner.request, 'closedrefund');
    const childName = 'Tali Closed';
    const created = await owner.request.post('/api/registries', {
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
    const registry = (await created.json()) as { id: string; shortCode: string };
    const charityId = ((await (await owner.request.get('/api/charities')).json()) as { id: string }[])[0]!.id;
    for (const [name, amount] of [
      ['Dina Katz', 50],
      ['Yoni Adler', 40],
      ['Moshe Bar', 30],
    ] as const) {
      const intent = await owner.request.post('/api/create-payment-intent', {
        data: {
          registryId: registry.id,
          charityId,
          giftGiverName: name,
          giftGiverEmail: `${name.split(' ')[0]!.toLowerCase()}.closed@example.com`,
          amount,
          personalMessage: '',
        },
      });
      const { clientSecret } = (await intent.json()) as { clientSecret: string };
      expect((await owner.request.post('/api/sandbox/confirm', { data: { clientSecret, cardNumber: '4242424242424242' } })).status()).toBe(
        200,
      );
    }
    const check = {
      payoutMethod: 'check',
      mailingName: 'Rachel Stern',
      mailingAddress: '12 Elm Street',
      mailingCity: 'Teaneck',
      mailingState: 'NJ',
      mailingZip: '07666',
    };
    expect((await owner.request.put(`/api/registries/${registry.id}/payout-info`, { data: check })).status()).toBe(200);
    expect((await owner.request.put(`/api/registries/${registry.id}/close`)).status()).toBe(200);

    // Closed, both payouts waiting: the family's refund takes the gift's parts out of them.
    await owner.goto(`/registry/${registry.id}/gifts`);
    const dina = owner.getByRole('listitem').filter({ hasText: 'Dina Katz' });
    await dina.getByRole('button', { name: 'Refund Dina Katz’s gift' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Refund Dina Katz’s gift?' });
    await dialog.getByLabel('Reason for the refund').fill('Dina gave twice');
    await dialog.getByRole('button', { name: /Refund \$/ }).click();
    await owner.getByText('Gift Refunded').first().waitFor();
    await dina.getByText('Refunded').waitFor();
    const after = (await (await owner.request.get(`/api/registries/${registry.id}`)).json()) as {
      payoutAmount: number;
      charityPayoutAmount: number;
    };
    expect(after).toMatchObject({ payoutAmount: 63, charityPayoutAmount: 7 });

    // An administrator claims the check; the family can no longer refund.
    const admin = await newPage(360);
    const operator = await signUp(admin.request, 'platformcost');
    await world.server.infrastructure.repositories.users.setAdmin(operator.id, true);
    expect((await admin.request.post(`/api/admin/manual-payouts/${registry.id}/claim`)).status()).toBe(200);
    await owner.reload();
    const yoni = owner.getByRole('listitem').filter({ hasText: 'Yoni Adler' });
    await yoni.getByText('Yoni Adler').first().waitFor();
    expect(await yoni.getByRole('button', { name: /Refund/ }).count()).toBe(0);

    await admin.goto(`/admin/gift-refunds?registry=${registry.shortCode}`);
    const adminYoni = admin.getByRole('listitem').filter({ hasText: 'Yoni Adler' });
    await adminYoni.getByText('This gift can no longer be refunded: the family’s payout is already being sent.').waitFor();
    await expectAccessible(admin, 'a gift whose payout is being sent, at 360');
    await adminYoni.getByRole('button', { name: 'Refund Yoni Adler’s gift at the platform’s cost' }).click();
    const platform = admin.getByRole('dialog', { name: 'Refund Yoni Adler’s gift at the platform’s cost?' });
    await platform.getByText('The platform bears this refund').waitFor();
    await platform.getByLabel('Reason for the refund').fill('The card was used without the owner’s consent');
    await expectAccessible(admin, 'the refund at the platform’s cost, at 360');
    await screenshot(admin, 'admin-refund-at-platform-cost-360', { fullPage: false });
    await platform.getByRole('button', { name: /at the Platform’s Cost$/ }).click();
    await admin.getByText('Gift Refunded at the Platform’s Cost').first().waitFor();
    await adminYoni.getByText('Refunded').waitFor();
    // The family's payout being sent is what it was at the claim.
    expect(await (await owner.request.get(`/api/registries/${registry.id}`)).json()).toMatchObject({
      payoutAmount: 63,
      payoutStatus: 'sending',
    });
    for (const opened of [owner, admin]) await opened.context().close();
  });
});
