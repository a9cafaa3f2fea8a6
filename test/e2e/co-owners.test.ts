import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readOutbox } from '../support/outbox';
import { chromiumMissing, e2eWorld, expectAccessible, screenshot } from './browser';

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

describe.skipIf(chromiumMissing)('both parents manage the registry: one invites the other (Chromium)', () => {
  const world = e2eWorld();

  /** Checks the screen with axe at 360 and 1280 px, and keeps a screenshot of each. */
  async function checkBothWidths(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // From the top, so the sticky header stays at the top of a full-page screenshot.
      if (options.fullPage !== false) await page.evaluate(() => window.scrollTo(0, 0));
      await expectAccessible(page, `${name} at ${width}`);
      await screenshot(page, `co-owners-${name}-${width}`, options);
    }
  }

  async function invitationLink(to: string): Promise<string> {
    await world.server.mailWorker.drainOnce();
    const mail = readOutbox(world.server.dataDir)
      .filter((message) => message.to === to)
      .at(-1);
    const link = mail && /https?:\/\/\S+\/co-owner\/accept#token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`no invitation e-mailed to ${to}`);
    return link;
  }

  it('invites by e-mail, the other parent signs up from the link, accepts and edits; the owner keeps closing and the payout, and can remove them', async () => {
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const childName = 'Maya Rosen';
    const parentB = {
      firstName: 'Jonathan',
      lastName: 'Rosen',
      email: `jonathan.${stamp}@example.com`,
      username: `jonathan${stamp}`,
      password: 'shalom-2026',
    };

    // Parent A, the owner, with the registry they made.
    const ownerContext = await world.context({ viewport: { width: 1280, height: 900 } });
    const ownerPage = await ownerContext.newPage();
    ownerPage.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    const username = `rachel${stamp}`;
    expect(
      (
        await ownerPage.request.post('/api/register', {
          data: { firstName: 'Rachel', lastName: 'Rosen', email: `${username}@example.com`, username, password: 'shalom-2026' },
        })
      ).status(),
    ).toBe(201);
    const created = await ownerPage.request.post('/api/registries', {
      data: {
        childName,
        celebrationDate: '2027-05-16T00:00:00.000Z',
        currency: 'USD',
        personalMessage: 'Thank you for celebrating with us!',
        photoUrl: null,
        preferredCharityId: '',
        allowCharityChoice: true,
      },
    });
    expect(created.status()).toBe(201);
    const registryId = ((await created.json()) as { id: string }).id;

    await ownerPage.goto(`/registry/${registryId}`);
    const coOwners = ownerPage.getByRole('region', { name: 'Co-owners' });
    await coOwners.getByText('No co-owners yet.').waitFor();
    await coOwners.getByLabel("Co-owner's Email").fill(parentB.email);
    await coOwners.getByRole('button', { name: 'Send Invitation' }).click();
    await coOwners.getByText(parentB.email).waitFor();
    await coOwners.getByText('Invited', { exact: true }).waitFor();
    await checkBothWidths(ownerPage, 'owner-invited');

    // Parent B opens the e-mailed link in their own browser, not signed in.
    const link = await invitationLink(parentB.email);
    const parentContext = await world.context({ viewport: { width: 360, height: 900 } });
    const page = await parentContext.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Co-own a registry' }).waitFor();
    await page.getByText(`${childName}'s Bar/Bat Mitzvah`).first().waitFor();
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await checkBothWidths(page, 'invitation-signed-out');

    await page.getByLabel('First Name').fill(parentB.firstName);
    await page.getByLabel('Last Name').fill(parentB.lastName);
    await page.getByLabel('Email').fill(parentB.email);
    await page.getByLabel('Username').fill(parentB.username);
    await page.getByLabel(/^Password/).fill(parentB.password);
    await page.getByLabel('Confirm Password').fill(parentB.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('button', { name: 'Accept Invitation' }).waitFor();
    await checkBothWidths(page, 'invitation-signed-in');

    await page.getByRole('button', { name: 'Accept Invitation' }).click();
    await page.waitForURL(new RegExp(`/registry/${registryId}$`));
    await page.getByText('Registry Management').waitFor();
    await page.getByRole('region', { name: 'Co-owners' }).getByText('(you)').waitFor();
    // Everything the owner manages but closing, the payout and deleting.
    const manage = page.getByRole('region', { name: 'Registry Management' });
    await manage.getByRole('button', { name: 'Edit Registry' }).waitFor();
    await manage.getByRole('link', { name: 'Thank You Cards' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete Registry' }).count()).toBe(0);
    expect(await page.getByText('Close Registry & Receive Funds').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Close Registry/ }).count()).toBe(0);
    expect(
      await page
        .getByRole('main')
        .getByText(/PayPal|Bank Transfer|Mailed Check/i)
        .count(),
    ).toBe(0);
    await checkBothWidths(page, 'co-owner-registry');

    // B writes the message for both of them.
    await page.getByRole('button', { name: 'Edit Registry' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Personal Message (optional)').fill('Jonathan and Rachel thank you for celebrating Maya with us!');
    await checkBothWidths(page, 'co-owner-edit-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Jonathan and Rachel thank you for celebrating Maya with us!').waitFor();

    // The registry is on B's dashboard, marked as co-owned.
    await page.goto('/');
    const card = page.getByRole('article').filter({ hasText: childName });
    await card.getByText('Co-owner', { exact: true }).waitFor();
    await checkBothWidths(page, 'co-owner-dashboard');

    // The owner sees the message B wrote, and B among the co-owners; then removes B.
    await ownerPage.setViewportSize({ width: 1280, height: 900 });
    await ownerPage.reload();
    await ownerPage.getByText('Jonathan and Rachel thank you for celebrating Maya with us!').waitFor();
    await ownerPage.getByText('Close Registry & Receive Funds').waitFor();
    const ownerList = ownerPage.getByRole('region', { name: 'Co-owners' });
    await ownerList.getByText(parentB.email).waitFor();
    await checkBothWidths(ownerPage, 'owner-with-co-owner');
    await ownerList.getByRole('button', { name: /Remove Jonathan Rosen/ }).click();
    await ownerList.getByText('No co-owners yet.').waitFor();

    // B is a guest again on the registry, and it has left B's dashboard.
    await page.goto(`/registry/${registryId}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(childName) }).waitFor();
    await page
      .getByRole('link', { name: /Give a Gift|Make a Gift|Give/ })
      .first()
      .waitFor();
    expect(await page.getByText('Registry Management').count()).toBe(0);
    await checkBothWidths(page, 'removed-co-owner-registry');
    await page.goto('/');
    await page.getByText('No registries yet').waitFor();

    await ownerContext.close();
    await parentContext.close();
  });
});
