import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumMissing, e2eWorld, expectAccessible, expectAccessibleAtBothWidths, PHONE_WIDTH, screenshot, signUp } from './browser';
import { parseEml } from '../adapters/mail/parse-eml';

describe.skipIf(chromiumMissing)('a family previews and sends its invitations, and a guest opens one (Chromium)', () => {
  const world = e2eWorld();

  async function outboxTo(address: string) {
    await world.server.mailWorker.drainOnce();
    const folder = path.join(world.server.dataDir, 'outbox');
    const names = readdirSync(folder).filter((name) => name.endsWith('.eml')).sort();
    return (await Promise.all(names.map((name) => parseEml(readFileSync(path.join(folder, name)))))).filter((mail) => mail.to === address);
  }

  it('writes the message, previews the e-mail, sends to the guests not yet invited, and the guest gets it with its calendar event', async () => {
    const page = await world.page(PHONE_WIDTH);
    const { username } = await signUp(page.request, 'invites');
    const created = await page.request.post('/api/registries', {
      data: { childName: 'Noa Stern', celebrationType: 'bat', celebrationDate: '2027-05-15T00:00:00.000Z', currency: 'USD', personalMessage: '', photoUrl: null, preferredCharityId: '', allowCharityChoice: true },
    });
    expect(created.status()).toBe(201);
    const registry = (await created.json()) as { id: string };
    const stamp = Date.now().toString(36);
    const dora = `dora.${stamp}@example.com`;
    const csv = ['name,email', `Aunt Dora,${dora}`, `Ben Cohen,ben.${stamp}@example.com`].join('\n');
    expect((await page.request.post(`/api/registries/${registry.id}/guests`, { data: csv, headers: { 'Content-Type': 'text/csv' } })).status()).toBe(201);

    await page.goto(`/registry/${registry.id}/guests`);
    await page.getByText('0 invited · 0 gave').waitFor();
    await page.getByRole('button', { name: 'Invite guests' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite guests' });
    await dialog.getByLabel('Your message').fill('We would love you to be there.\n\nKiddush follows.');
    await dialog.getByLabel('Time (optional)').fill('10:30');
    await dialog.getByLabel('Place (optional)').fill('Temple Beth El, Toronto');
    await dialog.getByLabel('Reminder').selectOption('3');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByText('What Aunt Dora will get.').waitFor();
    const frame = page.frameLocator('iframe[title="Invitation preview for Aunt Dora"]');
    await frame.getByText('We would love you to be there.').waitFor();
    await frame.getByText('10:30 AM').waitFor();
    await expectAccessibleAtBothWidths(page, 'invitation dialog with its preview', { name: 'invitations-preview', fullPage: false });
    await page.setViewportSize({ width: PHONE_WIDTH, height: 900 });

    await dialog.getByRole('button', { name: 'Send to 2 guests' }).click();
    await page.getByText('2 invitations are on their way').first().waitFor();
    await page.getByText('2 invited · 0 gave').waitFor();
    await expect.poll(() => page.getByText(/^Invited [A-Z][a-z]{2} \d{1,2}, \d{4}$/).count()).toBe(2);
    await page.getByLabel('Invitation', { exact: true }).selectOption('no');
    await page.getByText('No guest matches these filters.').waitFor();
    await page.getByLabel('Invitation', { exact: true }).selectOption('yes');
    await page.getByText('Showing 2 guests of 2.').waitFor();
    await expectAccessibleAtBothWidths(page, 'guest list with invited guests', { name: 'invitations-sent' });

    const [mail] = await outboxTo(dora);
    expect(mail).toMatchObject({ from: { name: 'Rachel Stern via Mitzvah Gifts' }, replyTo: `${username}@example.com`, unsubscribe: { oneClick: true } });
    expect(mail!.attachments?.[0]).toMatchObject({ filename: 'invitation.ics', contentType: 'text/calendar' });
    expect(mail!.attachments![0]!.content).toContain('DTSTART:20270515T103000');
    // The guest opens the e-mail: it reads as the preview did, with the link to the registry.
    const guest = await world.page(PHONE_WIDTH);
    await guest.setContent(mail!.html);
    await guest.getByRole('heading', { name: "You’re invited to Noa Stern's Bat Mitzvah" }).waitFor();
    await guest.getByText('Kiddush follows.').waitFor();
    await expectAccessible(guest, 'the invitation e-mail at 360');
    await screenshot(guest, 'invitations-email-360');
    // The link in it is Aunt Dora's own: her invitation page greets her by name.
    const link = /https?:\/\/\S+\/i\/[A-Za-z0-9_-]+/.exec(mail!.text)?.[0];
    expect(link).toBeDefined();
    await guest.goto(link!);
    await guest.getByText('You’re invited, Aunt Dora').waitFor();
    await guest.context().close();
  });
});
