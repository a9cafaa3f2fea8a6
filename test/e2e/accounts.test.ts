import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumMissing, e2eWorld, expectAccessible, screenshot } from './browser';

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

describe.skipIf(chromiumMissing)('a parent signs up, signs out and signs in again (Chromium)', () => {
  const world = e2eWorld();

  async function newPage(width: number): Promise<Page> {
    return (await world.context({ viewport: { width, height: 800 } })).newPage();
  }

  for (const width of [1280, 360]) {
    it(`works end to end at ${width} px, with no accessibility violation on any screen`, async () => {
      const page = await newPage(width);
      const username = `sarah${width}${Date.now().toString(36)}`;
      const narrow = width < 600;
      const openMenuIfNarrow = async () => {
        if (narrow) await page.getByRole('button', { name: 'Open menu' }).click();
      };

      page.on('pageerror', (error) => console.error(`page error at ${width}px: ${error.message}`));
      await page.goto('/');
      await page
        .getByRole('heading', { level: 1 })
        .first()
        .waitFor()
        .catch(async (error) => {
          await screenshot(page, `failed-landing-${width}`);
          throw error;
        });
      await page.getByText('Test mode', { exact: false }).first().waitFor();
      await expectAccessible(page, `landing at ${width}`);
      await screenshot(page, `landing-${width}`);
      await screenshot(page, `landing-top-${width}`, { fullPage: false });

      await openMenuIfNarrow();
      if (narrow) {
        await page.getByRole('dialog').getByRole('link', { name: 'Sign In' }).waitFor();
        await expectAccessible(page, `menu at ${width}`);
        await screenshot(page, `menu-${width}`, { fullPage: false });
      }
      await page.getByRole('link', { name: 'Sign In' }).last().click();
      await page.waitForURL('**/auth');
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      await expectAccessible(page, `sign in at ${width}`);

      await page.getByRole('button', { name: 'Need an account? Sign up' }).click();
      await page.getByRole('heading', { name: 'Join' }).waitFor();
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByText('Please confirm your password').waitFor();
      await expectAccessible(page, `sign up with errors at ${width}`);
      await screenshot(page, `sign-up-errors-${width}`);

      await page.getByLabel('First Name').fill('Sarah');
      await page.getByLabel('Last Name').fill('Cohen');
      await page.getByLabel('Email').fill(`${username}@example.com`);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel(/^Password/).fill('shalom-2026');
      await page.getByLabel('Confirm Password').fill('shalom-2026');
      await page.getByRole('button', { name: 'Create Account' }).click();

      await page.getByRole('heading', { name: 'Welcome back, Sarah!' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await page.getByText('Your account has been created successfully.').waitFor();
      await expectAccessible(page, `dashboard at ${width}`);
      await screenshot(page, `dashboard-${width}`);

      await openMenuIfNarrow();
      await page
        .getByRole(narrow ? 'button' : 'button', { name: 'Sign Out' })
        .last()
        .click();
      await page.getByText('You have been successfully logged out.').waitFor();
      await openMenuIfNarrow();
      await page.getByRole('link', { name: 'Sign In' }).last().click();
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();

      await page.getByLabel('Username').fill(username);
      await page.getByLabel(/^Password/).fill('wrong-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByText('Please check your username and password.').waitFor();

      await page.getByLabel(/^Password/).fill('shalom-2026');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('heading', { name: 'Welcome back, Sarah!' }).waitFor();
      await screenshot(page, `signed-in-again-${width}`);

      await page.goto('/no-such-page');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectAccessible(page, `404 at ${width}`);
      await page.goto('/admin/charity-payouts');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        await page.goto('/no-such-page').then(() => page.getByRole('heading', { level: 1 }).textContent()),
      );

      await page.goto('/charities');
      await page.getByRole('img').first().waitFor();
      await expectAccessible(page, `charities at ${width}`);
      await screenshot(page, `charities-${width}`);

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
      await page.context().close();
    });
  }
});
