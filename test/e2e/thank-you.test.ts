import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import sharp from 'sharp';
import { chromiumMissing, e2eWorld, expectAccessibleAtBothWidths, PHONE_WIDTH } from './browser';

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

describe.skipIf(chromiumMissing)('a family thanks a giver with a card (Chromium)', () => {
  const world = e2eWorld();

  async function give(request: APIRequestContext, registryId: string, charityId: string, name: string, amount: number) {
    const intent = (await (
      await request.post('/api/create-payment-intent', {
        data: {
          registryId,
          charityId,
          giftGiverName: name,
          giftGiverEmail: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
          amount,
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

  const width = PHONE_WIDTH;
  it(`writes, previews, saves and sends a card with a photo at ${width} px (its screens at 1280 px too)`, async () => {
    const context = await world.context({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    const username = `family${width}${Date.now().toString(36)}`;
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
          childName: 'sarah-rose cohen',
          celebrationDate: '2027-05-16',
          currency: 'USD',
          personalMessage: '',
          photoUrl: null,
          preferredCharityId: '',
          allowCharityChoice: true,
        },
      })
    ).json()) as { id: string };
    const charities = (await (await page.request.get('/api/charities')).json()) as { id: string }[];
    const guests = await world.context();
    await give(guests.request, registry.id, charities[0]!.id, `Miriam${width} Gold`, 36);
    await give(guests.request, registry.id, charities[1]!.id, `Noam${width} Katz`, 72);
    await guests.close();

    await page.goto(`/registry/${registry.id}`);
    await page.getByRole('main').getByRole('link', { name: 'Thank You Cards' }).click();
    await page.waitForURL(`**/thank-you-cards/${registry.id}`);
    await page.getByRole('heading', { level: 1, name: 'Personalized Thank You Cards' }).waitFor();
    await page.getByText('0/2 cards sent').waitFor();
    await page.getByText('Select a Contributor').waitFor();
    await expectAccessibleAtBothWidths(page, 'thank-you cards (nothing selected)');

    await page.getByRole('button', { name: new RegExp(`Miriam${width} Gold`) }).click();
    await page.getByRole('heading', { name: `Thank You Card for Miriam${width} Gold` }).waitFor();
    // The default template, as most families will send it, must read well too.
    await page.frameLocator('iframe[title="Card preview"]').getByText('Thank You!').waitFor();
    await expectAccessibleAtBothWidths(page, 'card editor, default template');
    const message = page.getByLabel(/Personal Message/);
    expect(await message.inputValue()).toContain('Sarah-Rose Cohen');
    await message.fill(`Dear Miriam,\n\nThank you for the beautiful gift! Todah rabah from ${width}.\n\nSarah-Rose`);
    await page.getByRole('radio', { name: /Nature Green & Teal/ }).check();
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: 'celebration.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page
      .getByRole('button', { name: /Remove photo/ })
      .first()
      .waitFor();
    const preview = page.frameLocator('iframe[title="Card preview"]');
    await preview.getByText(`Todah rabah from ${width}.`).waitFor();
    await preview.locator('img').first().waitFor();
    await expectAccessibleAtBothWidths(page, 'card editor', { name: 'thank-you-editor' });

    await page.getByRole('button', { name: 'Save Draft' }).click();
    await page.getByText('Draft Saved').first().waitFor();
    await page.getByRole('button', { name: 'Send Card' }).click();
    await page.getByText('Thank You Card Sent!').first().waitFor();
    await page.getByText('1/2 cards sent').waitFor();
    await page.getByRole('button', { name: 'Resend' }).waitFor();
    await expectAccessibleAtBothWidths(page, 'card sent', { name: 'thank-you-sent' });

    await world.server.mailWorker.drainOnce();
    const outbox = path.join(world.server.dataDir, 'outbox');
    const card = readdirSync(outbox)
      .map((file) =>
        readFileSync(path.join(outbox, file), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      )
      .find((text) => text.includes(`To: miriam${width}@example.com`) && text.includes('A thank-you from sarah-rose cohen'));
    expect(card, 'the card is in the outbox').toBeDefined();
    expect(card).toContain(`Todah rabah from ${width}.`);
    expect(card).toMatch(new RegExp(`src="${world.server.url}/uploads/[0-9a-f-]{36}-800x600\\.jpg"`));
    await context.close();
  });
});
