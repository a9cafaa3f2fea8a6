import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumMissing, e2eWorld, expectAccessibleAtBothWidths, PHONE_WIDTH } from './browser';

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

describe.skipIf(chromiumMissing)('a guest gives a gift and the family sees it (Chromium)', () => {
  const world = e2eWorld();
  // The guests see the pages as most people do, transitions and all; the other journeys ask for less motion.
  const WITH_MOTION = { reducedMotion: 'no-preference' } as const;

  function outboxTexts(): string[] {
    const folder = path.join(world.server.dataDir, 'outbox');
    return readdirSync(folder)
      .filter((file) => file.endsWith('.eml'))
      .map((file) => readFileSync(path.join(folder, file), 'utf8').replace(/=\r?\n/g, ''));
  }

  const width = PHONE_WIDTH;
  it(`takes a $36 gift, refuses a declined card, and shows the family the gift, at ${width} px (its screens at 1280 px too)`, async () => {
    const family = await world.page(width);
    const username = `parent${width}${Date.now().toString(36)}`;
    expect(
      (
        await family.request.post('/api/register', {
          data: { firstName: 'Rachel', lastName: 'Stern', email: `${username}@example.com`, username, password: 'shalom-2026' },
        })
      ).status(),
    ).toBe(201);
    const created = await family.request.post('/api/registries', {
      data: {
        childName: `Eli${width} Stern`,
        celebrationDate: '2027-05-16',
        currency: 'USD',
        personalMessage: 'Thank you!',
        photoUrl: null,
        preferredCharityId: '',
        allowCharityChoice: true,
      },
    });
    const registry = (await created.json()) as { id: string; shortCode: string };

    const guest = await world.page(width, WITH_MOTION);
    await guest.goto(`/r/${registry.shortCode}`);
    await guest.getByRole('heading', { level: 1, name: new RegExp(`Eli${width} Stern`) }).waitFor();
    await guest.getByText('Make Your Contribution').waitFor();
    await guest.getByRole('region', { name: 'Make Your Contribution' }).getByRole('link', { name: 'Give a Gift' }).click();
    await guest.waitForURL(`**/gift/${registry.id}`);
    await guest.getByText('Choose a Charity to Support').waitFor();
    await expectAccessibleAtBothWidths(guest, 'gift form');

    await guest.getByRole('radio', { name: /MAZON/ }).check();
    await guest.getByRole('button', { name: '$36.00' }).click();
    await guest.getByText('Your Gift Breakdown').waitFor();
    await guest.getByLabel('Your Name').fill('Miriam Gold');
    await guest.getByLabel('Your Email').fill(`miriam${width}@example.com`);
    await expectAccessibleAtBothWidths(guest, 'gift form filled', { name: 'gift-form' });
    await guest.getByRole('button', { name: 'Proceed to Payment - $36.00' }).click();

    await guest.waitForURL(`**/checkout/${registry.id}`);
    await guest.getByRole('heading', { name: 'Complete Your Gift' }).waitFor();
    await guest.getByText('$40.48').first().waitFor();
    await expectAccessibleAtBothWidths(guest, 'checkout', { name: 'checkout' });
    await guest.getByLabel('Test card number').fill('4242 4242 4242 4242');
    await guest.getByRole('button', { name: 'Complete Payment - $40.48' }).click();
    await guest.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await guest.getByText('Your Impact').waitFor();
    await expectAccessibleAtBothWidths(guest, 'thank you', { name: 'thank-you' });
    expect(await guest.evaluate(() => sessionStorage.length)).toBe(0);

    // A second guest's card is declined: nothing is credited.
    const declined = await world.page(width, WITH_MOTION);
    await declined.goto(`/gift/${registry.id}`);
    await declined.getByRole('radio', { name: /MAZON/ }).check();
    await declined.getByRole('button', { name: '$72.00' }).click();
    await declined.getByLabel('Your Name').fill('Dan Katz');
    await declined.getByLabel('Your Email').fill('dan@example.com');
    await declined.getByRole('button', { name: 'Proceed to Payment - $72.00' }).click();
    await declined.getByLabel('Test card number').fill('4000 0000 0000 0002');
    await declined.getByRole('button', { name: /Complete Payment - / }).click();
    await declined.getByText('Payment Failed').first().waitFor();
    await declined.getByText('Your card was declined.').first().waitFor();
    await expectAccessibleAtBothWidths(declined, 'declined card', { name: 'declined', fullPage: false });

    await family.goto(`/registry/${registry.id}`);
    await family.getByText('Recent Gifts').waitFor();
    await family.getByText('Miriam Gold').waitFor();
    await expectAccessibleAtBothWidths(family, 'owner with a gift', { name: 'owner-recent-gifts' });
    const view = (await (await family.request.get(`/api/registries/${registry.id}`)).json()) as {
      totalReceived: number;
      giftCount: number;
    };
    expect(view).toMatchObject({ totalReceived: 36, giftCount: 1 });

    await world.server.mailWorker.drainOnce();
    const receipt = outboxTexts().find((text) => text.includes(`To: miriam${width}@example.com`));
    expect(receipt, 'the receipt is in the outbox').toBeDefined();
    expect(receipt).toContain('Total charged: $40.48');
    expect(outboxTexts().some((text) => text.includes('To: dan@example.com'))).toBe(false);
    for (const opened of [family, guest, declined]) await opened.context().close();
  });
});
