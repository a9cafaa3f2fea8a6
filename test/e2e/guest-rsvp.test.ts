import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumMissing, e2eWorld, expectAccessibleAtBothWidths, PHONE_WIDTH, screenshot, signUp } from './browser';

/** The lines of the guest list itself, not the gifts-to-match section's. */
const row = (page: Page) => page.getByRole('list', { name: /guest list/i }).getByRole('listitem');

describe.skipIf(chromiumMissing)('a guest answers from their personal link and gives through it (Chromium)', () => {
  const world = e2eWorld();

  it('the family copies a link, the guest answers Coming ×3 then Maybe on a phone and gives, and the family sees it all', async () => {
    const family = await world.page(PHONE_WIDTH);
    await signUp(family.request, 'rsvp');
    const created = await family.request.post('/api/registries', {
      data: {
        childName: 'Maya Katz',
        celebrationDate: '2031-06-14T00:00:00.000Z',
        currency: 'USD',
        personalMessage: 'We would love you to be there!',
        photoUrl: null,
        preferredCharityId: '',
        allowCharityChoice: true,
      },
    });
    expect(created.status()).toBe(201);
    const registry = (await created.json()) as { id: string };
    const imported = await family.request.post(`/api/registries/${registry.id}/guests`, {
      data: 'name,email,party size\nDora Levi,dora@example.com,4\nAvi Cohen,avi@example.com,1',
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(imported.status()).toBe(201);

    // The family copies Dora's link from her line.
    await family.goto(`/registry/${registry.id}/guests`);
    await row(family).filter({ hasText: 'Dora Levi' }).first().getByRole('button', { name: 'Copy Dora Levi’s personal link' }).click();
    const shown = family.getByRole('alert').filter({ hasText: 'personal link' }).locator('code');
    await shown.waitFor();
    const url = (await shown.textContent())!.trim();
    expect(url).toMatch(/\/i\/[A-Za-z0-9_-]{43}$/);
    await screenshot(family, 'rsvp-link-made-360');

    // Dora opens it on her phone: drawn by the server, then live.
    const guest = await world.page(PHONE_WIDTH);
    await guest.goto(new URL(url).pathname);
    await guest.getByRole('heading', { level: 1, name: 'You’re invited, Dora Levi' }).waitFor();
    expect(await guest.getByText('Your answer: not sent yet').count()).toBe(1);
    await expectAccessibleAtBothWidths(guest, 'the guest’s invitation', { name: 'rsvp-invitation' });

    await guest.getByRole('radio', { name: 'Coming', exact: true }).check();
    await guest.getByLabel('How many are coming').fill('3');
    await guest.getByRole('button', { name: 'Send my answer' }).click();
    await guest.getByText('Thank you! Your answer is saved.').waitFor();
    await guest.getByText('Your answer: Coming, 3 people').waitFor();

    await guest.getByRole('radio', { name: 'Maybe' }).check();
    await guest.getByLabel('How many are coming').fill('2');
    await guest.getByRole('button', { name: 'Change my answer' }).click();
    await guest.getByText('Your answer: Maybe, 2 people').waitFor();
    await expectAccessibleAtBothWidths(guest, 'the guest’s invitation once answered', { name: 'rsvp-answered' });

    // Giving from the page carries the link: the gift is Dora's though she pays with another address.
    await guest.locator('#main-content').getByRole('link', { name: 'Give a Gift' }).click();
    await guest.waitForURL(`**/gift/${registry.id}#guest=*`);
    await guest.getByText('Choose a Charity to Support').waitFor();
    await guest.getByRole('radio', { name: /MAZON/ }).check();
    await guest.getByLabel('Custom Amount').fill('100');
    await guest.getByLabel('Your Name').fill('Dora and Sam');
    await guest.getByLabel('Your Email').fill('sam.levi@example.com');
    await guest.getByRole('button', { name: 'Proceed to Payment - $100.00' }).click();
    await guest.getByLabel('Test card number').fill('4242 4242 4242 4242');
    await guest.getByRole('button', { name: /Complete Payment - / }).click();
    await guest.getByRole('heading', { name: 'Thank You!' }).waitFor();

    // The family sees the answer, the counts and the gift on Dora's line.
    await family.goto(`/registry/${registry.id}/guests`);
    await family.getByText('RSVP: 0 coming (0 people) · 1 maybe (2 people) · 0 not coming · 1 not answered').waitFor();
    const dora = row(family).filter({ hasText: 'Dora Levi' }).first();
    await expect.poll(() => dora.textContent()).toContain('Maybe ×2');
    await expect.poll(() => dora.textContent()).toContain('Gave $100.00');
    await family.getByLabel('RSVP', { exact: true }).selectOption('none');
    await family.getByText('Showing 1 guest of 2.').waitFor();
    expect(await row(family).filter({ hasText: 'Avi Cohen' }).count()).toBeGreaterThan(0);
    await expectAccessibleAtBothWidths(family, 'the guest list with answers', { name: 'rsvp-guest-list' });
  });

  it('answers without JavaScript: the form posts to the page and comes back saying it is saved', async () => {
    const family = await world.page(PHONE_WIDTH);
    await signUp(family.request, 'rsvpnojs');
    const created = await family.request.post('/api/registries', {
      data: {
        childName: 'Ari Blum',
        celebrationDate: '2031-09-20',
        currency: 'USD',
        personalMessage: '',
        photoUrl: null,
        preferredCharityId: '',
        allowCharityChoice: true,
      },
    });
    const registry = (await created.json()) as { id: string };
    const added = await family.request.post(`/api/registries/${registry.id}/guests`, {
      data: { name: 'Lea Roth', email: 'lea@example.com', partySize: 2 },
    });
    const guestId = ((await added.json()) as { added: { id: string }[] }).added[0]!.id;
    const { url } = (await (await family.request.post(`/api/registries/${registry.id}/guests/${guestId}/link`, { data: {} })).json()) as {
      url: string;
    };

    const context = await world.context({ javaScriptEnabled: false, viewport: { width: PHONE_WIDTH, height: 740 } });
    const guest = await context.newPage();
    const response = await guest.goto(new URL(url).pathname);
    expect(response?.status()).toBe(200);
    await guest.getByRole('heading', { level: 1, name: 'You’re invited, Lea Roth' }).waitFor();
    await guest.getByRole('radio', { name: 'Coming', exact: true }).check();
    await guest.getByLabel('How many are coming').fill('2');
    await guest.getByRole('button', { name: 'Send my answer' }).click();
    await guest.waitForURL('**?rsvp=saved');
    await guest.getByText('Thank you! Your answer is saved.').waitFor();
    await guest.getByText('Your answer: Coming, 2 people').waitFor();
    await screenshot(guest, 'rsvp-no-javascript-360');
    const list = (await (await family.request.get(`/api/registries/${registry.id}/guests`)).json()) as {
      counts: { rsvp: { yes: number; yesPeople: number } };
    };
    expect(list.counts.rsvp).toMatchObject({ yes: 1, yesPeople: 2 });
  });
});
