import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { chromiumMissing, e2eWorld, expectAccessibleAtBothWidths, PHONE_WIDTH } from './browser';
import { parseEml } from '../adapters/mail/parse-eml';

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

describe.skipIf(chromiumMissing)('a card to an address that bounces, corrected and sent again (Chromium)', () => {
  const world = e2eWorld();

  async function giveFrom(request: APIRequestContext, registryId: string, email: string) {
    const charities = (await (await request.get('/api/charities')).json()) as { id: string }[];
    const intent = (await (
      await request.post('/api/create-payment-intent', {
        data: {
          registryId,
          charityId: charities[0]!.id,
          giftGiverName: 'Uncle Ben',
          giftGiverEmail: email,
          amount: 36,
          personalMessage: '',
        },
      })
    ).json()) as { clientSecret: string };
    expect(
      (
        await request.post('/api/sandbox/confirm', { data: { clientSecret: intent.clientSecret, cardNumber: '4242424242424242' } })
      ).status(),
    ).toBe(200);
  }

  /** The worker sends what is queued (the outbox reports its test addresses), then applies the reports. */
  async function deliverAndHear() {
    await world.server.mailWorker.drainOnce();
    await world.server.mailWorker.drainOnce();
  }

  async function outboxTo(address: string) {
    const folder = path.join(world.server.dataDir, 'outbox');
    const names = readdirSync(folder)
      .filter((name) => name.endsWith('.eml'))
      .sort();
    return (await Promise.all(names.map((name) => parseEml(readFileSync(path.join(folder, name)))))).filter((mail) => mail.to === address);
  }

  const width = PHONE_WIDTH;
  it(`shows Not delivered, takes the corrected address, and the giver can stop such cards in one click, at ${width} px (its screens at 1280 px too)`, async () => {
    const page = await world.page(width);
    page.setDefaultTimeout(20_000);
    const username = `bounce${width}${Date.now().toString(36)}`;
    expect(
      (
        await page.request.post('/api/register', {
          data: { firstName: 'Rachel', lastName: 'Cohen', email: `${username}@example.com`, username, password: 'shalom-2026' },
        })
      ).status(),
    ).toBe(201);
    const registry = (await (
      await page.request.post('/api/registries', {
        data: {
          childName: 'Ari Cohen',
          celebrationDate: '2027-05-16',
          currency: 'USD',
          personalMessage: '',
          photoUrl: null,
          preferredCharityId: '',
          allowCharityChoice: true,
        },
      })
    ).json()) as { id: string };
    const guests = await world.context();
    await giveFrom(guests.request, registry.id, 'bounce@example.com');
    await guests.close();
    await deliverAndHear();

    await page.goto(`/thank-you-cards/${registry.id}`);
    await page.getByRole('button', { name: /Uncle Ben/ }).click();
    await page.getByRole('button', { name: 'Send Card' }).click();
    await page.getByText('Thank You Card Sent!').first().waitFor();
    await deliverAndHear();

    await page.reload();
    await page.getByText('Not Delivered').first().waitFor();
    await page.getByText('0/1 cards sent').waitFor();
    await page.getByRole('button', { name: /Uncle Ben/ }).click();
    await page.getByText('Not delivered: check the address, or print the card').waitFor();
    await page.getByRole('button', { name: 'Print Card' }).waitFor();
    await expectAccessibleAtBothWidths(page, 'card not delivered', { name: 'mail-card-not-delivered' });

    const corrected = `uncle.ben.${width}@example.org`;
    await page.getByLabel('E-mail address for this card').fill(corrected);
    await page.getByRole('button', { name: 'Send Again' }).click();
    await page.getByText('Thank You Card Sent!').first().waitFor();
    await deliverAndHear();
    await page.reload();
    await page.getByText('1/1 cards sent').waitFor();
    await page.getByRole('button', { name: /Uncle Ben/ }).click();
    await page.getByText(corrected).first().waitFor();
    await page.getByRole('button', { name: 'Resend' }).waitFor();
    expect(await page.getByText('Not delivered: check the address, or print the card').count()).toBe(0);
    await expectAccessibleAtBothWidths(page, 'card sent again', { name: 'mail-card-sent-again' });

    const [card] = await outboxTo(corrected);
    expect(card).toMatchObject({
      from: { name: 'The Cohen family via Mitzvah Gifts' },
      replyTo: `${username}@example.com`,
      unsubscribe: { oneClick: true },
    });
    // The giver opens the card's unsubscribe link in a browser: the page asks first.
    await page.goto(card!.unsubscribe!.url);
    await page.waitForURL(/\/unsubscribe\/thank-you-cards#token=[A-Za-z0-9_-]+$/);
    await page.getByRole('button', { name: 'Unsubscribe' }).waitFor();
    await expectAccessibleAtBothWidths(page, 'unsubscribe page', { name: 'mail-unsubscribe' });
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText(/You are unsubscribed/).waitFor();
    await expectAccessibleAtBothWidths(page, 'unsubscribed', { name: 'mail-unsubscribed' });
    await page.context().close();
  });
});
