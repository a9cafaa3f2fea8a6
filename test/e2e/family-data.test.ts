import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { chromiumMissing, e2eWorld, expectAccessible, screenshot } from './browser';

describe.skipIf(chromiumMissing)('a family takes its data and asks to leave, then stays (Chromium)', () => {
  const world = e2eWorld();

  for (const width of [1280, 360]) {
    it(`downloads the export, schedules the deletion and cancels it by signing in, at ${width} px`, async () => {
      const page = await world.page(width, { acceptDownloads: true });
      const narrow = width < 600;
      const username = `dana${width}${Date.now().toString(36)}`;
      const password = 'shalom-2026';
      const registered = await page.request.post('/api/register', {
        data: { firstName: 'Dana', lastName: 'Levi', email: `${username}@example.com`, username, password },
      });
      expect(registered.status()).toBe(201);
      const created = await page.request.post('/api/registries', {
        data: {
          childName: 'Noa Levi',
          celebrationDate: '2027-05-16T00:00:00.000Z',
          currency: 'USD',
          personalMessage: 'Thank you!',
          photoUrl: null,
          preferredCharityId: '',
          allowCharityChoice: true,
        },
      });
      const registry = (await created.json()) as { id: string };
      const byHand = await page.request.post(`/api/registries/${registry.id}/offline-gifts`, {
        data: {
          giftGiverName: 'Aunt Dora',
          giftGiverEmail: 'dora@example.com',
          amount: 54,
          method: 'check',
          receivedOn: '2026-11-20',
          note: 'In the card box',
        },
      });
      expect(byHand.status()).toBe(201);

      await page.goto('/account');
      await page.getByRole('heading', { name: 'Download your data' }).waitFor();
      await expectAccessible(page, `account at ${width}`);
      await screenshot(page, `family-data-account-${width}`);
      await page.getByRole('heading', { name: 'Download your data' }).scrollIntoViewIfNeeded();
      await screenshot(page, `family-data-account-data-view-${width}`, { fullPage: false });

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as CSV' }).click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^mitzvah-gifts-${username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
      const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
      const byHandCsv = Object.entries(files).find(([name]) => name.endsWith('/gifts-by-hand.csv'))!;
      expect(strFromU8(byHandCsv[1])).toContain('Aunt Dora');
      await page.getByText('Download started').first().waitFor();

      const deletion = page.getByRole('form', { name: 'Delete your account' });
      await deletion.getByLabel(/Your Password/).fill('not-my-password');
      await deletion.getByRole('button', { name: 'Delete My Account' }).click();
      await deletion.getByText('Your current password is incorrect').waitFor();
      await expectAccessible(page, `deletion refused at ${width}`);
      await deletion.getByLabel(/Your Password/).fill(password);
      await deletion.getByRole('button', { name: 'Delete My Account' }).click();
      const scheduled = page.getByText(/Your account is scheduled for deletion on /);
      await scheduled.waitFor();
      await page.getByRole('button', { name: 'Cancel Deletion' }).waitFor();
      await expectAccessible(page, `deletion scheduled at ${width}`);
      await screenshot(page, `family-data-deletion-scheduled-${width}`);
      await scheduled.scrollIntoViewIfNeeded();
      await screenshot(page, `family-data-deletion-scheduled-view-${width}`, { fullPage: false });

      // Signing out and in again keeps the account.
      if (narrow) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Sign Out' }).last().click();
      await page.getByText('You have been successfully logged out.').waitFor();
      await page.goto('/auth');
      await page.getByLabel('Username').fill(username);
      await page.getByLabel(/^Password/).fill(password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('heading', { name: 'Welcome back, Dana!' }).waitFor();
      await page.goto('/account');
      await page.getByRole('form', { name: 'Delete your account' }).waitFor();
      expect(await page.getByText(/Your account is scheduled for deletion/).count()).toBe(0);
      await screenshot(page, `family-data-deletion-cancelled-${width}`);

      await page.goto('/privacy');
      await page.getByRole('heading', { name: 'Your rights' }).waitFor();
      await page.getByText(/deleted 730 days \(about 2 years\) after the registry/).waitFor();
      await expectAccessible(page, `privacy at ${width}`);
      await screenshot(page, `family-data-privacy-${width}`);
      await page.getByRole('heading', { name: 'Your rights' }).scrollIntoViewIfNeeded();
      await screenshot(page, `family-data-privacy-rights-${width}`, { fullPage: false });
    });
  }
});
