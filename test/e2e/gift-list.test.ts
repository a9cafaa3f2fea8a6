import { describe, expect, it } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { chromiumMissing, e2eWorld, expectAccessibleAtBothWidths, PHONE_WIDTH, signUpThroughApi } from './browser';

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

describe.skipIf(chromiumMissing)('a Bat Mitzvah registry, a gift with a message, and the family’s full gift list (Chromium)', () => {
  const world = e2eWorld();

  /** A gift paid (or declined) through the API, as a guest's browser would. */
  async function give(
    request: APIRequestContext,
    registryId: string,
    charityId: string,
    name: string,
    amount: number,
    card = '4242424242424242',
  ) {
    const intent = await request.post('/api/create-payment-intent', {
      data: {
        registryId,
        charityId,
        giftGiverName: name,
        giftGiverEmail: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
        amount,
        personalMessage: '',
      },
    });
    expect(intent.status()).toBe(201);
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    await request.post('/api/sandbox/confirm', { data: { clientSecret, cardNumber: card } });
  }

  const width = PHONE_WIDTH;
  it(`works at ${width} px, and its screens at 1280 px too, with no accessibility violation`, async () => {
    const family = await world.page(width);
    await signUpThroughApi(family, 'Dana', 'Katz');

    // The family types the name in lower case: a hint offers capitals, and they take it.
    await family.goto('/create-registry');
    await family.getByRole('heading', { name: 'Create Your Registry' }).waitFor();
    await family.getByLabel("Child's Name").fill('maya rose katz');
    await family.getByText('Names are shown exactly as typed. Did you mean “Maya Rose Katz”?').waitFor();
    await family.getByRole('radiogroup', { name: 'Celebration' }).getByRole('radio', { name: 'Bat Mitzvah' }).check();
    await family.getByLabel('Celebration Date').fill('2027-05-16');
    await expectAccessibleAtBothWidths(family, 'create registry with the name hint', {
      name: 'create-registry-name-hint',
      fullPage: false,
    });
    await family.getByRole('button', { name: 'Use ‘Maya Rose Katz’' }).click();
    expect(await family.getByLabel("Child's Name").inputValue()).toBe('Maya Rose Katz');
    await expect.poll(() => family.getByText(/Did you mean/).count()).toBe(0);
    await family.getByRole('button', { name: 'Create Registry' }).click();

    await family.waitForURL(/\/registry\/[0-9a-f-]{36}$/);
    await family.getByRole('heading', { level: 1, name: "Maya Rose Katz's Bat Mitzvah" }).waitFor();
    expect(await family.title()).toContain("Maya Rose Katz's Bat Mitzvah");
    await expectAccessibleAtBothWidths(family, 'registry page title', { name: 'registry-bat-mitzvah-title', fullPage: false });
    const registryId = family.url().split('/').pop()!;

    // A guest gives with a personal message.
    const guest = await world.page(width);
    await guest.goto(`/gift/${registryId}`);
    await guest.getByText('Choose a Charity to Support').waitFor();
    await guest.getByRole('radio', { name: /MAZON/ }).check();
    await guest.getByRole('button', { name: '$180.00' }).click();
    await guest.getByLabel('Your Name').fill('Shira Rosen');
    await guest.getByLabel('Your Email').fill(`shira${width}@example.com`);
    await guest.getByLabel('Personal Message (optional)').fill('Mazel tov, Maya! From all the Rosen cousins.');
    await guest.getByRole('button', { name: 'Proceed to Payment - $180.00' }).click();
    await guest.getByLabel('Test card number').fill('4242 4242 4242 4242');
    await guest.getByRole('button', { name: /Complete Payment - / }).click();
    await guest.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await guest.getByText("Your contribution of $180.00 to Maya Rose Katz's Bat Mitzvah has been received.").waitFor();

    // More guests, and one declined card, which is no gift.
    const charities = (await (await guest.request.get('/api/charities')).json()) as { id: string }[];
    for (const [name, amount] of [
      ['Avi Levi', 36],
      ['Noa Stern', 72],
      ['Eitan Gold', 54],
      ['Tova Adler', 18],
      ['Ben Roth', 26],
      ['Lea Katz', 360],
    ] as const) {
      await give(guest.request, registryId, charities[0]!.id, name, amount);
    }
    await give(guest.request, registryId, charities[0]!.id, 'Declined Dan', 500, '4000000000000002');

    await family.reload();
    const recent = family.getByRole('region', { name: 'Recent Gifts' });
    await recent.getByText('Lea Katz').waitFor();
    expect(await recent.getByText('Declined Dan').count()).toBe(0);
    await recent.getByRole('link', { name: 'And 2 more gifts...' }).click();

    await family.waitForURL(`**/registry/${registryId}/gifts`);
    await family.getByRole('heading', { level: 1, name: 'All Gifts' }).waitFor();
    await family.getByText('7 gifts.').waitFor();
    const items = family.getByRole('list', { name: 'All Gifts' }).getByRole('listitem');
    expect(await items.count()).toBe(7);
    expect(await family.getByText('Declined Dan').count()).toBe(0);
    await family.getByText('Mazel tov, Maya! From all the Rosen cousins.').waitFor();
    await expectAccessibleAtBothWidths(family, 'gift list', { name: 'gift-list' });

    await family.getByLabel('Sort by').click();
    await family.getByRole('option', { name: 'Largest amount first' }).click();
    await expect.poll(() => items.first().getByRole('heading').textContent()).toBe('Lea Katz');
    expect(family.url()).toContain('sort=amount');
    await expectAccessibleAtBothWidths(family, 'gift list sorted');

    await family.getByLabel('Search gifts').fill('rosen cousins');
    await family.getByText('1 of 7 gifts match “rosen cousins”.').waitFor();
    expect(await items.count()).toBe(1);
    await items.first().getByText('Shira Rosen').waitFor();
    await items.first().getByText(`shira${width}@example.com`).waitFor();
    await items.first().getByText('Thank-you: No Card').waitFor();
    await expectAccessibleAtBothWidths(family, 'gift list searched', { name: 'gift-list-searched', fullPage: false });

    // Another family cannot read it: the server refuses, and the page says why.
    const stranger = await world.page(width);
    await signUpThroughApi(stranger, 'Ori', 'Katz');
    await stranger.goto(`/registry/${registryId}/gifts`);
    await stranger.getByText('Only the family who created this registry can see who gave and what they wrote.').waitFor();
    expect(await stranger.getByText('Shira Rosen').count()).toBe(0);
    await expectAccessibleAtBothWidths(stranger, 'gift list refused');

    for (const opened of [family, guest, stranger]) await opened.context().close();
  });
});
