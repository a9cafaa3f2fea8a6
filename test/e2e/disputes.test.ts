import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  chromiumMissing,
  e2eWorld,
  expectAccessibleAtBothWidths,
  giveHundredThroughTheForm,
  PHONE_WIDTH,
  signUpThroughApi,
} from './browser';

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

describe.skipIf(chromiumMissing)('a gift is disputed, answered and won (Chromium)', () => {
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

  /** Reloads the page until the text shows: the provider's news arrives on its own, seconds later. */
  async function reloadUntil(page: Page, scope: () => ReturnType<Page['getByRole']>, text: string): Promise<void> {
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          return scope().getByText(text, { exact: true }).count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);
  }

  const width = PHONE_WIDTH;
  it(`a guest pays with the dispute card, the dispute shows in Admin → Disputes, evidence is sent and the dispute is won, at ${width} px (its screens at 1280 px too)`, async () => {
    const owner = await newPage(width);
    await signUpThroughApi(owner, 'Rachel', 'Stern');
    const childName = `Noa Dispute ${width}`;
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

    // A guest gives $100 with Stripe's dispute test card: the payment goes through.
    const guest = await newPage(width);
    await giveHundredThroughTheForm(guest, registry.id, { name: 'Shira Rosen', email: `shira${width}@example.com` }, '4000 0000 0000 0259');

    // A few seconds later the giver's bank disputes it: the administrators' Disputes page lists it.
    const admin = await newPage(width);
    await signUpThroughApi(admin, 'Dana', 'Ops');
    const me = (await (await admin.request.get('/api/user')).json()) as { id: string };
    await world.server.infrastructure.repositories.users.setAdmin(me.id, true);
    await admin.goto('/admin/disputes');
    await admin.getByRole('heading', { level: 1, name: 'Disputes' }).waitFor();
    const item = () => admin.getByRole('listitem').filter({ hasText: `Shira Rosen’s gift to ${childName}` });
    await reloadUntil(admin, item, 'Needs evidence');
    await item().getByText('$106.39').first().waitFor();
    await item().getByText('The cardholder says they did not make it').waitFor();
    await item().getByText(`shira${width}@example.com`).waitFor();
    await item().getByText('Held out of the family’s and the charity’s amounts until decided.').waitFor();
    await expectAccessibleAtBothWidths(admin, 'disputes page', { name: 'admin-disputes' });

    // Meanwhile the family's gift list says the gift is disputed, and counts it apart.
    await owner.goto(`/registry/${registry.id}/gifts`);
    await owner.getByRole('heading', { level: 1, name: 'All Gifts' }).waitFor();
    await owner.getByRole('listitem').filter({ hasText: 'Shira Rosen' }).getByText('Disputed', { exact: true }).waitFor();
    await owner.getByText('1 gift disputed by the giver’s bank, counted in none of the above').waitFor();
    await expectAccessibleAtBothWidths(owner, 'gift list with a disputed gift');

    // The administrator sends the evidence, which wins in test mode.
    await item().getByRole('button', { name: 'Submit Evidence' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Evidence for Shira Rosen’s gift' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Submit Evidence' }).click();
    await dialog.getByText('Please write the evidence to send to the bank').waitFor();
    expect(await admin.evaluate(() => document.activeElement?.id)).toBe('evidence-evidence');
    await dialog
      .getByRole('textbox', { name: 'Evidence' })
      .fill('Shira gave to her niece’s Bat Mitzvah and thanked the family by e-mail the same day. winning_evidence');
    await expectAccessibleAtBothWidths(admin, 'evidence dialog');
    await dialog.getByRole('button', { name: 'Submit Evidence' }).click();
    await admin.getByText('Evidence submitted').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await reloadUntil(admin, item, 'Won');
    await item().getByText('Counted again in the registry’s amounts.').waitFor();
    expect(await item().getByRole('button', { name: 'Submit Evidence' }).count()).toBe(0);
    await expectAccessibleAtBothWidths(admin, 'disputes page with a won dispute', { name: 'admin-dispute-won' });

    // The gift counts again for the family, who were told how it ended.
    await owner.goto(`/registry/${registry.id}`);
    await owner.getByText('$100.00').first().waitFor();
    await expect.poll(async () => (await outbox()).filter((mail) => mail.includes('was kept') && mail.includes(childName)).length).toBe(1);

    for (const opened of [owner, guest, admin]) await opened.context().close();
  });

  it(`a dispute held back at closing is won: one administrator claims its follow-up, the other sees who holds it and is asked before releasing it, at ${width} px (its screens at 1280 px too)`, async () => {
    const owner = await newPage(width);
    await signUpThroughApi(owner, 'Rachel', 'Stern');
    const childName = `Noa Follow-up ${width}`;
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
    const registry = (await created.json()) as { id: string };
    const guest = await newPage(width);
    await giveHundredThroughTheForm(guest, registry.id, { name: 'Avi Cohen', email: `avi${width}@example.com` }, '4000 0000 0000 0259');
    const [first, second] = [await newPage(width), await newPage(width)];
    for (const [page, name] of [
      [first, 'Miriam'],
      [second, 'Yossi'],
    ] as const) {
      await signUpThroughApi(page, name, 'Ops');
      const me = (await (await page.request.get('/api/user')).json()) as { id: string };
      await world.server.infrastructure.repositories.users.setAdmin(me.id, true);
    }
    const listed = async () =>
      (
        (await (await first.request.get('/api/admin/disputes')).json()) as { id: string; registry: { id: string }; followUp: unknown }[]
      ).find((each) => each.registry.id === registry.id);
    await expect.poll(async () => (await listed()) !== undefined, { timeout: 30_000 }).toBe(true);
    // Closed by PayPal while the bank decides; the bank then decides for the gift.
    expect(
      (
        await owner.request.put(`/api/registries/${registry.id}/payout-info`, {
          data: { payoutMethod: 'paypal', paypalEmail: 'family@example.com' },
        })
      ).status(),
    ).toBe(200);
    expect((await owner.request.put(`/api/registries/${registry.id}/close`)).status()).toBe(200);
    expect(
      (
        await first.request.post(`/api/admin/disputes/${(await listed())!.id}/evidence`, { data: { evidence: 'winning_evidence' } })
      ).status(),
    ).toBe(200);
    await expect.poll(async () => (await listed())?.followUp !== null, { timeout: 30_000 }).toBe(true);

    const cardOf = (page: Page) => page.getByRole('listitem').filter({ hasText: `Avi Cohen’s gift to ${childName}` });
    await first.goto('/admin/disputes');
    await cardOf(first).getByText('$90.00 by PayPal: waiting for an administrator to send it.').waitFor();
    await cardOf(first).getByRole('button', { name: 'Claim to Send' }).click();
    await cardOf(first)
      .getByText(/^Being sent by you since /)
      .waitFor();
    await expectAccessibleAtBothWidths(first, 'disputes page, follow-up claimed,', { name: 'admin-follow-up-claimed' });

    await second.goto('/admin/disputes');
    await cardOf(second)
      .getByText(/^Being sent by miriam/)
      .waitFor();
    expect(await cardOf(second).getByRole('button', { name: 'Mark Follow-up Sent' }).count()).toBe(0);
    await expectAccessibleAtBothWidths(second, 'disputes page, follow-up held by a colleague,');
    await cardOf(second)
      .getByRole('button', { name: /^Release .*’s claim on / })
      .click();
    const asking = second.getByRole('dialog', { name: /^Release .*’s claim\?$/ });
    await asking.getByText(/Release the claim only if you know the money was not sent/).waitFor();
    await expectAccessibleAtBothWidths(second, 'release a colleague’s follow-up claim');
    await asking.getByRole('button', { name: 'Cancel' }).click();

    await cardOf(first).getByRole('button', { name: 'Mark Follow-up Sent' }).click();
    const marking = first.getByRole('dialog', { name: 'Mark the follow-up payout sent?' });
    await marking.getByRole('textbox', { name: 'PayPal transaction ID' }).fill('PP-FOLLOW-1');
    await marking.getByRole('button', { name: 'Mark Sent' }).click();
    await cardOf(first)
      .getByText(/\$90\.00 by PayPal: sent .* \(PP-FOLLOW-1\)\./)
      .waitFor();

    for (const opened of [owner, guest, first, second]) await opened.context().close();
  });
});
