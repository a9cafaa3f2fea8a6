import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { aRegistration } from '../support/builders';
import { HttpClient } from '../support/http-client';
import { readOutbox } from '../support/outbox';
import { chromiumMissing, e2eWorld, expectAccessible, screenshot } from './browser';

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

describe.skipIf(chromiumMissing)('a parent who lost the password gets back in, and keeps the account up to date (Chromium)', () => {
  const world = e2eWorld();

  /** The link of the newest e-mail to the address whose subject matches, as a mail program shows it. */
  async function linkFromMail(to: string, subject: RegExp): Promise<string> {
    await world.server.mailWorker.drainOnce();
    const mail = readOutbox(world.server.dataDir)
      .filter((message) => message.to.includes(to) && subject.test(message.subject))
      .at(-1);
    const link = mail && /https?:\/\/\S+#token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`no e-mail to ${to} matching ${subject}`);
    return link;
  }

  /** Checks the screen with axe at 1280 and 360 px, and keeps a screenshot of each. */
  async function checkBothWidths(page: Page, name: string): Promise<void> {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectAccessible(page, `${name} at ${width}`);
      await screenshot(page, `${name}-${width}`);
    }
  }

  it('resets the password from the e-mailed link, signs in, and changes the name and e-mail on the account page', async () => {
    const registration = aRegistration({ firstName: 'Leah' });
    expect((await new HttpClient(world.server.url).post('/api/register', registration)).status).toBe(201);
    const context = await world.context({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await checkBothWidths(page, 'auth-forgot');
    await page.getByLabel('Email').fill(registration.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account uses that e-mail address' }).waitFor();
    await expectAccessible(page, 'forgot password sent');

    await page.goto(await linkFromMail(registration.email, /Reset your/));
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await checkBothWidths(page, 'reset-password');
    await page.getByRole('textbox', { name: 'New Password' }).fill('a-brand-new-one');
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill('a-brand-new-one');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    await expectAccessible(page, 'password reset done');

    await page.getByRole('link', { name: 'Go to Sign In' }).click();
    await page.getByLabel('Username').fill(registration.username);
    await page.getByLabel('Password').fill('a-brand-new-one');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: /Welcome back, Leah/ }).waitFor();

    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your Account' }).waitFor();
    await checkBothWidths(page, 'account');

    await page.getByLabel('First Name').fill('Leah Rose');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Your name has been updated.').waitFor();

    const newEmail = `leah.moved.${Date.now()}@example.com`;
    await page.getByLabel('New Email').fill(newEmail);
    await page.getByRole('form', { name: 'Change e-mail address' }).getByLabel('Current Password').fill('a-brand-new-one');
    await page.getByRole('button', { name: 'Send Confirmation Link' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `We sent a message to ${newEmail}` })
      .waitFor();
    await expectAccessible(page, 'account after asking for an e-mail change');

    await page.goto(await linkFromMail(newEmail, /Confirm your new/));
    await page.getByRole('button', { name: 'Confirm New Address' }).click();
    await page.getByText(`Your e-mail address is now ${newEmail}.`).waitFor();
    await expectAccessible(page, 'e-mail change confirmed');
    await screenshot(page, 'confirm-email-1280');

    await page.getByRole('link', { name: 'Go to Your Account' }).click();
    await page.getByText(newEmail, { exact: true }).waitFor();
    await expect(page.getByLabel('First Name').inputValue()).resolves.toBe('Leah Rose');
    await context.close();
  });

  it('shows the Privacy Policy, Terms of Service and Security pages from the footer, and subscribes to the newsletter and out again', async () => {
    const context = await world.context({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/faq');
    for (const [link, heading, name] of [
      ['Privacy Policy', 'Privacy Policy', 'privacy'],
      ['Terms of Service', 'Terms of Service', 'terms'],
      ['Security', 'Security', 'security'],
    ] as const) {
      await page.getByRole('contentinfo').getByRole('link', { name: link }).first().click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      if (name === 'privacy') await checkBothWidths(page, 'privacy');
      else await expectAccessible(page, name);
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('Get our newsletter').fill('Newsletter.Reader@example.com');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await footer.getByRole('status').filter({ hasText: 'newsletter.reader@example.com is on our newsletter list' }).waitFor();
    await expectAccessible(page, 'security page after subscribing');
    const unsubscribe = await linkFromMail('newsletter.reader@example.com', /newsletter/);
    await page.goto(unsubscribe);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('You are unsubscribed').waitFor();
    await expectAccessible(page, 'unsubscribed');
    expect(await world.server.infrastructure.repositories.newsletter.isSubscribed('newsletter.reader@example.com')).toBe(false);
    await context.close();
  });
});
