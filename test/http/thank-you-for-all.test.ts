import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../support/accounts';
import { postgresUrl } from '../support/databases';
import { HttpClient } from '../support/http-client';
import { pngBytes } from '../support/images';
import { readOutbox } from '../support/outbox';
import { openRegistry } from '../support/registries';
import { stopSystemTimeAt } from '../support/system-time';
import { startTestServerOn, type TestServer } from '../support/test-server';

let server: TestServer;
let charityId: string;

afterEach(() => {
  vi.useRealTimers();
});

interface Contributor {
  id: string;
  giftGiverName: string;
  giftGiverEmail: string;
  thankYouNote: { status: string; customMessage: string; templateId: string } | null;
}

let lastGiver = 0;
async function paidGift(registryId: string, name: string) {
  lastGiver += 1;
  const email = `giver${lastGiver}@example.com`;
  const guest = new HttpClient(server.url);
  const intent = await guest.post('/api/create-payment-intent', {
    registryId,
    charityId,
    giftGiverName: name,
    giftGiverEmail: email,
    amount: 36,
    personalMessage: '',
  });
  expect(intent.status, intent.text).toBe(201);
  await guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: '4242424242424242' });
  return email;
}

/** Four givers: Miriam already thanked, Noam with a draft, Eve and Dan with no card yet. */
async function familyWithGivers(names = ['Miriam', 'Noam', 'Eve', 'Dan']) {
  const { owner, registry } = await openRegistry(server, { childName: 'sarah-rose cohen' });
  const emails = new Map<string, string>();
  for (const name of names) emails.set(name, await paidGift(registry.id, name));
  const contributors = async () => (await owner.client.get(`/api/registries/${registry.id}/contributors`)).json as unknown as Contributor[];
  const byName = async (name: string) => (await contributors()).find((c) => c.giftGiverName === name)!;
  return { owner, registry, emails, contributors, byName };
}

async function thankMiriamAndDraftNoam(family: Awaited<ReturnType<typeof familyWithGivers>>) {
  const note = (giftId: string, customMessage: string) => ({
    giftId,
    templateId: 'nature',
    customMessage,
    imageUrls: [],
    imageSize: 'medium',
  });
  const miriam = await family.owner.client.post('/api/thank-you-notes', note((await family.byName('Miriam')).id, 'Dear Miriam, todah!'));
  await family.owner.client.post(`/api/thank-you-notes/${miriam.json.id}/send`, {});
  await family.owner.client.post('/api/thank-you-notes', note((await family.byName('Noam')).id, 'Dear Noam, a draft'));
}

const forAll = (overrides: Record<string, unknown> = {}) => ({
  templateId: 'warm',
  customMessage: 'Dear {name},\n\nThank you for celebrating with us!\n\nWith love, Sarah-Rose',
  imageUrls: [],
  imageSize: 'medium',
  ...overrides,
});

async function mailTo(email: string) {
  await server.mailWorker.drainOnce();
  return readOutbox(server.dataDir).filter((mail) => mail.to === email);
}

/** Thank-you cards only: each giver also has the receipt of their gift. */
async function cardsTo(email: string) {
  return (await mailTo(email)).filter((mail) => mail.subject.startsWith('A thank-you from'));
}

/**
 * The server on in-memory PGlite, and on a database of its own on the TEST_DATABASE_URL server when
 * there is one: two presses at once must be refused by real PostgreSQL's locking too.
 */
describe.each(['pglite', ...(postgresUrl ? ['postgresql' as const] : [])] as const)('thanking everyone, on %s', (kind) => {
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ server, charityId, stop } = await startTestServerOn(kind));
  });
  afterAll(async () => {
    await stop?.();
  });

  describe('cards to addresses the family typed (gifts given by hand)', () => {
    it('go to nobody all at once before a gift was paid online, and at most 10 a day one by one; links in them are plain text', async () => {
      const { owner, registry } = await openRegistry(server);
      const typed = Array.from({ length: 12 }, (_, index) => `stranger${index}-${registry.id.slice(0, 8)}@example.com`);
      for (const [index, email] of typed.entries()) {
        const recorded = await owner.client.post(`/api/registries/${registry.id}/offline-gifts`, {
          giftGiverName: `Stranger ${index}`,
          giftGiverEmail: email,
          amount: 18,
          method: 'cash',
          receivedOn: new Date().toISOString().slice(0, 10),
          note: '',
        });
        expect(recorded.status, recorded.text).toBe(201);
      }
      const phishing = forAll({ customMessage: 'Dear {name}, your parcel is held: pay at https://evil.example/pay' });
      const bulk = await owner.client.post(`/api/registries/${registry.id}/thank-you-cards`, phishing);
      expect(bulk.status).toBe(409);
      expect(bulk.json.message).toMatch(/once the registry has received a gift online/);

      const contributors = (await owner.client.get(`/api/registries/${registry.id}/contributors`)).json as unknown as Contributor[];
      const statuses: number[] = [];
      for (const contributor of contributors) {
        const note = await owner.client.post('/api/thank-you-notes', {
          giftId: contributor.id,
          templateId: 'warm',
          customMessage: 'Thank you! See www.phish.test',
          imageUrls: [],
          imageSize: 'medium',
        });
        expect(note.status, note.text).toBe(200);
        const sent = await owner.client.post(`/api/thank-you-notes/${note.json.id}/send`, {});
        statuses.push(sent.status);
        if (sent.status === 429) expect(sent.json.message).toMatch(/^Too many cards e-mailed to gifts given by hand today/);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      expect(statuses.slice(10)).toEqual([429, 429]);
      await server.mailWorker.drainOnce();
      const cards = readOutbox(server.dataDir).filter((mail) => typed.includes(mail.to) && mail.subject.startsWith('A thank-you from'));
      expect(cards).toHaveLength(10);
      // The family's words link nowhere; the only link is ours, the footer's unsubscribe.
      expect([...cards[0]!.html.matchAll(/<a\s[^>]*href="([^"]*)"/gi)].map((link) => link[1])).toEqual([
        expect.stringMatching(/\/api\/unsubscribe\/[A-Za-z0-9_-]+$/),
      ]);
      expect(cards[0]!.html).not.toContain('href="http://www.phish.test');
      expect(cards[0]!.html).toContain('www<span>.</span>phish<span>.</span>test');

      // Once a guest has paid online, the card for everyone reaches the rest.
      await paidGift(registry.id, 'Miriam');
      const after = await owner.client.post(`/api/registries/${registry.id}/thank-you-cards`, forAll());
      expect(after.status, after.text).toBe(200);
      expect((after.json.sentTo as unknown[]).length).toBe(3);
    });
  });

  describe('POST /api/registries/{id}/thank-you-cards', () => {
    it('sends one card to every gift without a sent card, each with its giver’s name, and marks them sent', async () => {
      const family = await familyWithGivers();
      await thankMiriamAndDraftNoam(family);
      const photo = await family.owner.client.upload('/api/objects/upload', {
        bytes: await pngBytes(),
        name: 'party.png',
        type: 'image/png',
      });

      const response = await family.owner.client.post(
        `/api/registries/${family.registry.id}/thank-you-cards`,
        forAll({ imageUrls: [photo.json.photoUrl], imageSize: 'small' }),
      );
      expect(response.status, response.text).toBe(200);
      expect(response.json).toMatchObject({
        sentCount: 3,
        withoutEmail: [],
        message: '3 thank-you cards sent',
        cardId: expect.any(String),
      });
      expect((response.json.sentTo as { giverName: string }[]).map((to) => to.giverName).sort()).toEqual(['Dan', 'Eve', 'Noam']);

      for (const name of ['Noam', 'Eve', 'Dan']) {
        const mails = await cardsTo(family.emails.get(name)!);
        expect(mails, name).toHaveLength(1);
        expect(mails[0]!.text).toContain(`Dear ${name},`);
        expect(mails[0]!.text).not.toContain('{name}');
        expect(mails[0]!.html).toContain(`Dear ${name},`);
        expect(mails[0]!.html).toMatch(new RegExp(`src="http://localhost:\\d+${photo.json.photoUrl}"`));
        expect(mails[0]!.replyTo).toBe(family.owner.registration.email);
        expect(mails[0]!.subject).toBe('A thank-you from sarah-rose cohen');
      }
      // Miriam was thanked already and hears nothing more.
      expect((await cardsTo(family.emails.get('Miriam')!)).map((mail) => mail.text)).toEqual([
        expect.stringContaining('Dear Miriam, todah!'),
      ]);

      const after = await family.contributors();
      expect(after.every((c) => c.thankYouNote?.status === 'sent')).toBe(true);
      // Each note holds what its giver received, so a later Resend sends the same card again.
      expect(after.find((c) => c.giftGiverName === 'Noam')!.thankYouNote).toMatchObject({
        templateId: 'warm',
        customMessage: expect.stringMatching(/^Dear Noam,/),
      });
      expect(after.find((c) => c.giftGiverName === 'Miriam')!.thankYouNote).toMatchObject({
        templateId: 'nature',
        customMessage: 'Dear Miriam, todah!',
      });
    });

    it('sends nobody two cards when pressed twice or from two tabs at once', async () => {
      const family = await familyWithGivers(['Eve', 'Dan', 'Leah']);
      const path = `/api/registries/${family.registry.id}/thank-you-cards`;
      const [first, second] = await Promise.all([family.owner.client.post(path, forAll()), family.owner.client.post(path, forAll())]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      const refused = first.status === 409 ? first : second;
      expect(refused.json.message).toBe('Every gift already has a card');

      const retried = await family.owner.client.post(path, forAll({ customMessage: 'Hi {name}, again' }));
      expect(retried.status).toBe(409);
      for (const email of family.emails.values()) expect(await cardsTo(email)).toHaveLength(1);
    });

    it('puts the giver’s name into the card as text, never as markup', async () => {
      const family = await familyWithGivers(['<b>Eve</b> & "Co"']);
      const response = await family.owner.client.post(`/api/registries/${family.registry.id}/thank-you-cards`, forAll());
      expect(response.status).toBe(200);
      const [mail] = await cardsTo(family.emails.get('<b>Eve</b> & "Co"')!);
      expect(mail!.html).toContain('Dear &#60;b&#62;Eve&#60;/b&#62; &#38; &#34;Co&#34;,');
      expect(mail!.html).not.toContain('<b>Eve</b>');
      expect(mail!.text).toContain('Dear <b>Eve</b> & "Co",');
    });

    it.each([
      ['no {name} placeholder', { customMessage: 'Thank you all!' }, 'customMessage', 'Write {name} where each giver’s name goes'],
      [
        'a misspelt placeholder',
        { customMessage: 'Dear {nmae}, thank you, {name}' },
        'customMessage',
        'Only {name} can go in curly brackets: check its spelling',
      ],
      [
        'a half-written placeholder',
        { customMessage: 'Dear {name, thank you {name}' },
        'customMessage',
        'Only {name} can go in curly brackets: check its spelling',
      ],
      ['a message of only spaces', { customMessage: '   ' }, 'customMessage', 'Message is required'],
      [
        'a message over 5000 characters',
        { customMessage: `Dear {name}, ${'x'.repeat(5000)}` },
        'customMessage',
        'Message must be at most 5000 characters',
      ],
      ['an unknown template', { templateId: 'glitter' }, 'templateId', 'Choose one of the four templates'],
      ['no template', { templateId: undefined }, 'templateId', 'Template is required'],
      ['a size of huge', { imageSize: 'huge' }, 'imageSize', 'Photo size must be small, medium or large'],
      ['a photo from elsewhere', { imageUrls: ['https://tracker.example/pixel.gif'] }, 'imageUrls', 'Not an uploaded photo'],
      ['an unknown field', { sentToAllGifts: false }, 'sentToAllGifts', 'Unknown field'],
      ['a message that is not text', { customMessage: 42 }, 'customMessage', expect.any(String)],
    ])('refuses %s with 400 and a field message, and sends nothing', async (_label, overrides, field, message) => {
      const family = await familyWithGivers(['Eve']);
      const response = await family.owner.client.post(`/api/registries/${family.registry.id}/thank-you-cards`, forAll(overrides));
      expect(response.status).toBe(400);
      expect((response.json.errors as Record<string, string>)[field]).toEqual(message);
      expect((await family.contributors())[0]!.thankYouNote).toBeNull();
      expect(await cardsTo(family.emails.get('Eve')!)).toHaveLength(0);
    });

    it('refuses a message that a long name would push over the limit, naming the giver', async () => {
      const longName = 'Bartholomew Maximilian Featherstonehaugh-Montgomery';
      const family = await familyWithGivers([longName]);
      const customMessage = `${'{name} '.repeat(200)}${'x'.repeat(5000 - 7 * 200 - 1)}`;
      const response = await family.owner.client.post(`/api/registries/${family.registry.id}/thank-you-cards`, forAll({ customMessage }));
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(`With ${longName}’s name filled in, the message is over 5000 characters`);
      expect((await family.contributors())[0]!.thankYouNote).toBeNull();
    });

    it('answers 409 when no gift is left to thank, and for a registry nobody gave to yet', async () => {
      const { owner, registry } = await openRegistry(server);
      const response = await owner.client.post(`/api/registries/${registry.id}/thank-you-cards`, forAll());
      expect(response.status).toBe(409);
      expect(response.json.message).toBe('Every gift already has a card');
    });

    it('is for the owner only: 401 for a visitor, 403 for another account, 404 for an unknown registry', async () => {
      const family = await familyWithGivers(['Eve']);
      const path = `/api/registries/${family.registry.id}/thank-you-cards`;
      expect((await new HttpClient(server.url).post(path, forAll())).status).toBe(401);
      expect((await (await signedIn(server)).client.post(path, forAll())).status).toBe(403);
      expect(
        (await family.owner.client.post('/api/registries/00000000-0000-4000-8000-000000000000/thank-you-cards', forAll())).status,
      ).toBe(404);
      expect((await family.owner.client.post('/api/registries/nope/thank-you-cards', forAll())).status).toBe(404);
      expect((await family.contributors())[0]!.thankYouNote).toBeNull();
      expect(await cardsTo(family.emails.get('Eve')!)).toHaveLength(0);
    });
  });

  describe('the owner’s reminder a week after the celebration', () => {
    const reminders = async (email: string) => (await mailTo(email)).filter((mail) => mail.subject.includes('no thank-you card'));

    it('e-mails the owner once, a week after the celebration, while gifts still have no sent card', async () => {
      const family = await familyWithGivers(['Miriam', 'Noam', 'Eve', 'Dan']);
      await thankMiriamAndDraftNoam(family);
      const thanked = await familyWithGivers(['Leah']);
      await thanked.owner.client.post(`/api/registries/${thanked.registry.id}/thank-you-cards`, forAll());
      const ownerEmail = family.owner.registration.email;

      // The registries are celebrated on 16 May 2027; six days on, nothing yet.
      const time = stopSystemTimeAt(new Date('2027-05-22T12:00:00.000Z'));
      await server.runJob('thank-you-reminder');
      expect(await reminders(ownerEmail)).toHaveLength(0);

      time.advance(12 * 60 * 60 * 1000 + 1000);
      await Promise.all([server.runJob('thank-you-reminder'), server.runJob('thank-you-reminder')]);
      await server.runJob('thank-you-reminder');
      const sent = await reminders(ownerEmail);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toBe("sarah-rose cohen's Bar/Bat Mitzvah: 3 gifts still have no thank-you card");
      expect(sent[0]!.text).toContain('3 gifts still have no thank-you card');
      expect(sent[0]!.text).toContain(`/thank-you-cards/${family.registry.id}`);
      expect(sent[0]!.html).toContain(`/thank-you-cards/${family.registry.id}`);
      // A family that thanked everyone hears nothing.
      expect(await reminders(thanked.owner.registration.email)).toHaveLength(0);

      // Never twice, even when later gifts are still waiting a month on.
      time.advance(30 * 24 * 60 * 60 * 1000);
      await server.runJob('thank-you-reminder');
      expect(await reminders(ownerEmail)).toHaveLength(1);
    });
  });
});
