import { describe, expect, it } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { readOutbox } from '../support/outbox';
import { chromiumMissing, e2eWorld, expectAccessibleAtBothWidths, PHONE_WIDTH } from './browser';

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

describe.skipIf(chromiumMissing)('a family thanks everyone at once (Chromium)', () => {
  const world = e2eWorld();

  async function give(request: APIRequestContext, registryId: string, charityId: string, name: string, email: string) {
    const intent = (await (
      await request.post('/api/create-payment-intent', {
        data: { registryId, charityId, giftGiverName: name, giftGiverEmail: email, amount: 36, personalMessage: '' },
      })
    ).json()) as { clientSecret: string };
    expect(
      (
        await request.post('/api/sandbox/confirm', { data: { clientSecret: intent.clientSecret, cardNumber: '4242424242424242' } })
      ).status(),
    ).toBe(200);
  }

  const width = PHONE_WIDTH;
  it(`previews one card with each giver's name and sends it to everyone not yet thanked at ${width} px (its screens at 1280 px too)`, async () => {
    const context = await world.context({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    const username = `many${width}${Date.now().toString(36)}`;
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
    const givers = ['Miriam', 'Noam', 'Eve', 'Dan'].map((first) => ({
      name: `${first} ${width}`,
      email: `${first.toLowerCase()}${width}-${username}@example.com`,
    }));
    const guests = await world.context();
    for (const giver of givers) await give(guests.request, registry.id, charities[0]!.id, giver.name, giver.email);
    await guests.close();

    // Miriam was thanked already, with a card of her own.
    const contributors = (await (await page.request.get(`/api/registries/${registry.id}/contributors`)).json()) as {
      id: string;
      giftGiverName: string;
    }[];
    const miriamGift = contributors.find((c) => c.giftGiverName === givers[0]!.name)!;
    const miriamNote = (await (
      await page.request.post('/api/thank-you-notes', {
        data: {
          giftId: miriamGift.id,
          templateId: 'nature',
          customMessage: 'Dear Miriam, todah rabah!',
          imageUrls: [],
          imageSize: 'medium',
        },
      })
    ).json()) as { id: string };
    expect((await page.request.post(`/api/thank-you-notes/${miriamNote.id}/send`, { data: {} })).status()).toBe(200);

    await page.goto(`/thank-you-cards/${registry.id}`);
    await page.getByRole('heading', { level: 1, name: 'Personalized Thank You Cards' }).waitFor();
    await page.getByText('1/4 cards sent').waitFor();
    await page.getByRole('button', { name: 'Send to All Without a Card' }).click();

    const composer = page.getByRole('region', { name: 'Send to All Without a Card' });
    await composer.getByText('3 gifts have no card yet.').waitFor();
    const message = composer.getByLabel(/Message for Everyone/);
    expect(await message.inputValue()).toMatch(/^Dear \{name\},/);
    // The newest gift is previewed first, with the giver's own name.
    const preview = page.frameLocator(`iframe[title="Card preview for Dan ${width}"]`);
    await preview.getByText(`Dear Dan ${width},`).waitFor();
    await expectAccessibleAtBothWidths(page, 'card for everyone', { name: 'thank-you-all-compose' });

    // A misspelt placeholder is caught before anyone gets "Dear {nmae}".
    await message.fill('Dear {nmae},\n\nThank you!');
    await composer.getByRole('button', { name: /Review and Send 3 cards/ }).click();
    await composer.getByText('Write {name} where each giver’s name goes').waitFor();
    expect(await message.evaluate((element) => element === document.activeElement)).toBe(true);

    await message.fill(`Dear ,\n\nThank you for celebrating with us! Todah rabah from ${width}.\n\nSarah-Rose`);
    await message.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(5, 5));
    await composer.getByRole('button', { name: 'Insert {name}' }).click();
    expect(await message.inputValue()).toMatch(/^Dear \{name\},/);
    await composer.getByRole('radio', { name: /Modern Purple & Pink/ }).check();
    await composer.getByLabel('Preview the card for').click();
    await page.getByRole('option', { name: `Eve ${width}` }).click();
    const evePreview = page.frameLocator(`iframe[title="Card preview for Eve ${width}"]`);
    await evePreview.getByText(`Dear Eve ${width},`).waitFor();
    await evePreview.getByText(`Todah rabah from ${width}.`).waitFor();
    await expectAccessibleAtBothWidths(page, 'card for everyone, previewed for Eve,', { name: 'thank-you-all-preview' });

    await composer.getByRole('button', { name: /Review and Send 3 cards/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Send 3 cards?' });
    await confirm.getByText(`Dan ${width}, Eve ${width} and Noam ${width} will each get one e-mail`, { exact: false }).waitFor();
    await expectAccessibleAtBothWidths(page, 'confirm sending to everyone', { name: 'thank-you-all-confirm', fullPage: false });
    await confirm.getByRole('button', { name: 'Send 3 cards' }).click();

    await page.getByText('Thank You Cards Sent!').first().waitFor();
    await page.getByText('4/4 cards sent').waitFor();
    await expect.poll(() => page.getByText('Sent', { exact: true }).count()).toBe(4);
    expect(await page.getByRole('button', { name: 'Send to All Without a Card' }).isDisabled()).toBe(true);
    await expectAccessibleAtBothWidths(page, 'everyone thanked', { name: 'thank-you-all-sent' });

    await world.server.mailWorker.drainOnce();
    const cards = readOutbox(world.server.dataDir).filter((mail) => mail.subject === 'A thank-you from sarah-rose cohen');
    for (const giver of givers.slice(1)) {
      const theirs = cards.filter((mail) => mail.to === giver.email);
      expect(theirs, giver.name).toHaveLength(1);
      expect(theirs[0]!.text).toContain(`Dear ${giver.name},`);
      expect(theirs[0]!.text).toContain(`Todah rabah from ${width}.`);
    }
    expect(cards.filter((mail) => mail.to === givers[0]!.email).map((mail) => mail.text)).toEqual([
      expect.stringContaining('Dear Miriam, todah rabah!'),
    ]);
    await context.close();
  });
});
