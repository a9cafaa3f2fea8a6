import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  chromiumMissing,
  DESKTOP_WIDTH,
  e2eWorld,
  expectAccessible,
  expectAccessibleAtBothWidths,
  PHONE_WIDTH,
  screenshot,
  signUp,
} from './browser';
import { parseEml } from '../adapters/mail/parse-eml';

describe.skipIf(chromiumMissing)(
  'a family invites its guests, hears who is coming, reminds the rest once and thanks the giver (Chromium)',
  () => {
    const world = e2eWorld();

    async function outboxTo(address: string) {
      await world.server.mailWorker.drainOnce();
      const folder = path.join(world.server.dataDir, 'outbox');
      const names = readdirSync(folder)
        .filter((name) => name.endsWith('.eml'))
        .sort();
      return (await Promise.all(names.map((name) => parseEml(readFileSync(path.join(folder, name)))))).filter(
        (mail) => mail.to === address,
      );
    }

    /** A day from today as the registry's date field takes it. */
    function daysFromNow(days: number): string {
      return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    }

    /** The guest's own link in an e-mail of theirs. */
    function linkIn(mail: { text: string }): string {
      const link = /https?:\/\/\S+\/i\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
      expect(link, 'the e-mail carries the guest’s own link').toBeDefined();
      return new URL(link!).pathname;
    }

    it('imports a list with one bad line, previews and sends the invitations, two guests answer from their links and one gives, one reminder goes to the rest, and the family thanks the giver', async () => {
      const page = await world.page(PHONE_WIDTH);
      const { username } = await signUp(page.request, 'invites');
      // Close enough that the reminder (3 days before) is due: the invitations went out two weeks ago.
      const date = daysFromNow(2);
      const created = await page.request.post('/api/registries', {
        data: {
          childName: 'Noa Stern',
          celebrationType: 'bat',
          celebrationDate: `${date}T00:00:00.000Z`,
          currency: 'USD',
          personalMessage: '',
          photoUrl: null,
          preferredCharityId: '',
          allowCharityChoice: true,
        },
      });
      expect(created.status()).toBe(201);
      const registry = (await created.json()) as { id: string };
      const stamp = Date.now().toString(36);
      const [dora, ben, zev] = ['dora', 'ben', 'zev'].map((name) => `${name}.${stamp}@example.com`) as [string, string, string];

      // The family pastes its list; one line is wrong, so nothing is imported until it is put right.
      await page.goto(`/registry/${registry.id}/guests`);
      const pasted = page.getByLabel('Guest list (CSV)');
      await pasted.fill(['name,email,party size', `Aunt Dora,${dora},3`, 'Ben Cohen,ben at example,1', `Zev Stern,${zev},2`].join('\n'));
      await page.getByRole('button', { name: 'Import Guests' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: /^Line 3: / })
        .waitFor();
      await expectAccessibleAtBothWidths(page, 'a list refused for one line', { name: 'invitations-import-refused', fullPage: false });
      expect(((await (await page.request.get(`/api/registries/${registry.id}/guests`)).json()) as { guests: unknown[] }).guests).toEqual(
        [],
      );
      await pasted.fill(['name,email,party size', `Aunt Dora,${dora},3`, `Ben Cohen,${ben},1`, `Zev Stern,${zev},2`].join('\n'));
      await page.getByRole('button', { name: 'Import Guests' }).click();
      await page.getByText('3 added.').first().waitFor();
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

      await dialog.getByRole('button', { name: 'Send to 3 guests' }).click();
      await page.getByText('3 invitations are on their way').first().waitFor();
      await page.getByText('3 invited · 0 gave').waitFor();
      await expect.poll(() => page.getByText(/^Invited [A-Z][a-z]{2} \d{1,2}, \d{4}$/).count()).toBe(3);
      await page.getByLabel('Invitation', { exact: true }).selectOption('no');
      await page.getByText('No guest matches these filters.').waitFor();
      await page.getByLabel('Invitation', { exact: true }).selectOption('yes');
      await page.getByText('Showing 3 guests of 3.').waitFor();
      await expectAccessibleAtBothWidths(page, 'guest list with invited guests', { name: 'invitations-sent' });

      const [toDora] = await outboxTo(dora);
      expect(toDora).toMatchObject({
        from: { name: 'Rachel Stern via Mitzvah Gifts' },
        replyTo: `${username}@example.com`,
        unsubscribe: { oneClick: true },
      });
      expect(toDora!.attachments?.[0]).toMatchObject({ filename: 'invitation.ics', contentType: 'text/calendar' });
      expect(toDora!.attachments![0]!.content).toContain(`DTSTART:${date.replaceAll('-', '')}T103000`);
      // Dora opens the e-mail on her phone: it reads as the preview did, with her own link.
      const guest = await world.page(PHONE_WIDTH);
      await guest.setContent(toDora!.html);
      await guest.getByRole('heading', { name: "You’re invited to Noa Stern's Bat Mitzvah" }).waitFor();
      await guest.getByText('Kiddush follows.').waitFor();
      await expectAccessible(guest, 'the invitation e-mail at 360');
      await screenshot(guest, 'invitations-email-360');
      await guest.goto(linkIn(toDora!));
      await guest.getByRole('heading', { level: 1, name: 'You’re invited, Aunt Dora' }).waitFor();
      await guest.getByRole('radio', { name: 'Coming', exact: true }).check();
      await guest.getByLabel('How many are coming').fill('3');
      await guest.getByRole('button', { name: 'Send my answer' }).click();
      await guest.getByText('Your answer: Coming, 3 people').waitFor();
      await expectAccessibleAtBothWidths(guest, 'the invitation once answered', { name: 'invitations-answered' });
      // She gives from it, paying with her husband's address: the gift is still hers.
      await guest.locator('#main-content').getByRole('link', { name: 'Give a Gift' }).click();
      await guest.waitForURL(`**/gift/${registry.id}#guest=*`);
      await guest.getByRole('radio', { name: /MAZON/ }).check();
      await guest.getByLabel('Custom Amount').fill('100');
      await guest.getByLabel('Your Name').fill('Dora and Sam');
      await guest.getByLabel('Your Email').fill(`sam.${stamp}@example.com`);
      await guest.getByRole('button', { name: 'Proceed to Payment - $100.00' }).click();
      await guest.getByLabel('Test card number').fill('4242 4242 4242 4242');
      await guest.getByRole('button', { name: /Complete Payment - / }).click();
      await guest.getByRole('heading', { name: 'Thank You!' }).waitFor();

      // Ben answers from his link on a laptop.
      const [toBen] = await outboxTo(ben);
      const laptop = await world.page(DESKTOP_WIDTH);
      await laptop.goto(linkIn(toBen!));
      await laptop.getByRole('heading', { level: 1, name: 'You’re invited, Ben Cohen' }).waitFor();
      await laptop.getByRole('radio', { name: 'Not coming' }).check();
      await laptop.getByRole('button', { name: 'Send my answer' }).click();
      await laptop.getByText('Your answer: Not coming').waitFor();
      await expectAccessible(laptop, 'the invitation answered on a laptop');

      // The reminder: Zev alone has neither answered nor given; it goes once, however often it runs.
      await world.server.infrastructure.orm.em
        .fork()
        .execute(`update "guests" set "invited_at" = now() - interval '14 days' where "registry_id" = ?`, [registry.id]);
      await world.server.runJob('invitation-reminder');
      await world.server.runJob('invitation-reminder');
      const [toZev, reminded] = [await outboxTo(zev), [...(await outboxTo(dora)), ...(await outboxTo(ben))]];
      expect(toZev.map((mail) => mail.subject)).toEqual([expect.stringMatching(/invited/i), expect.stringMatching(/remind/i)]);
      expect(reminded).toHaveLength(2);
      // The reminder carries the link his invitation did: the first still works.
      expect(linkIn(toZev[1]!)).toBe(linkIn(toZev[0]!));

      await page.reload();
      await page.getByText('RSVP: 1 coming (3 people) · 0 maybe (0 people) · 1 not coming · 1 not answered').waitFor();
      const doraLine = page
        .getByRole('list', { name: /guest list/i })
        .getByRole('listitem')
        .filter({ hasText: 'Aunt Dora' })
        .first();
      await expect.poll(() => doraLine.textContent()).toContain('Gave $100.00');
      await expect.poll(() => page.getByText(/ · Reminded [A-Z][a-z]{2} \d{1,2}, \d{4}$/).count()).toBe(1);
      await expect
        .poll(() =>
          page
            .getByRole('list', { name: /guest list/i })
            .getByRole('listitem')
            .filter({ hasText: 'Zev Stern' })
            .first()
            .textContent(),
        )
        .toContain('Reminded');
      await expectAccessibleAtBothWidths(page, 'guest list after the answers, the gift and the reminder', {
        name: 'invitations-story-list',
      });

      // The family thanks the guest who gave.
      await page.getByRole('link', { name: 'Send thank-you cards to givers' }).click();
      await page.getByRole('button', { name: /Dora and Sam/ }).click();
      await page.getByRole('heading', { name: 'Thank You Card for Dora and Sam' }).waitFor();
      await page.getByRole('button', { name: 'Send Card' }).click();
      await page.getByText('Thank You Card Sent!').first().waitFor();
      await expectAccessibleAtBothWidths(page, 'a card sent to the giver from the guest list', { name: 'invitations-story-card' });
      expect((await outboxTo(`sam.${stamp}@example.com`)).some((mail) => /thank-you/i.test(mail.subject))).toBe(true);
      await page.goto(`/registry/${registry.id}/guests`);
      await page.getByText(/1 gave · 1 thanked/).waitFor();
      for (const opened of [page, guest, laptop]) await opened.context().close();
    });
  },
);
