import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, signedInCoOwner } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { pngBytes } from '../support/images';
import { openRegistry } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let charityId: string;

beforeAll(async () => {
  server = await startTestServer();
  charityId = ((await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string }[])[0]!.id;
});
afterAll(async () => {
  await server?.close();
});

async function paidGift(registryId: string, name: string, amount = 36) {
  const guest = new HttpClient(server.url);
  const intent = await guest.post('/api/create-payment-intent', {
    registryId,
    charityId,
    giftGiverName: name,
    giftGiverEmail: `${name.toLowerCase()}@example.com`,
    amount,
    personalMessage: '',
  });
  await guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: '4242424242424242' });
  return intent;
}

async function familyWithTwoContributors() {
  const { owner, registry } = await openRegistry(server, { childName: 'sarah-rose cohen' });
  await paidGift(registry.id, 'Miriam', 36);
  await paidGift(registry.id, 'Noam', 72);
  const pending = new HttpClient(server.url);
  await pending.post('/api/create-payment-intent', {
    registryId: registry.id,
    charityId,
    giftGiverName: 'Pending',
    giftGiverEmail: 'pending@example.com',
    amount: 18,
    personalMessage: '',
  });
  const contributors = (await owner.client.get(`/api/registries/${registry.id}/contributors`)).json as unknown as {
    id: string;
    giftGiverName: string;
    thankYouNote: unknown;
  }[];
  return { owner, registry, contributors };
}

/** The registry a gift belongs to, read back through the owner's own gift list. */
async function ownerRegistryOf(owner: HttpClient, giftId: string): Promise<{ registry: string }> {
  const mine = (await owner.get('/api/registries/my')).json as unknown as { id: string }[];
  for (const { id } of mine) {
    const gifts = (await owner.get(`/api/registries/${id}/gifts`)).json as unknown as { id: string }[];
    if (gifts.some((gift) => gift.id === giftId)) return { registry: id };
  }
  throw new Error('gift not found among the owner’s registries');
}

const note = (giftId: string, overrides: Record<string, unknown> = {}) => ({
  giftId,
  templateId: 'nature',
  customMessage: 'Thank you so much!',
  imageUrls: [],
  imageSize: 'medium',
  ...overrides,
});

describe('GET /api/registries/{id}/contributors', () => {
  it('lists the givers of succeeded gifts, newest first, each with its note, to the owner only', async () => {
    const { owner, registry, contributors } = await familyWithTwoContributors();
    expect(contributors.map((c) => c.giftGiverName)).toEqual(['Noam', 'Miriam']);
    expect(contributors[0]).toMatchObject({
      giftGiverEmail: 'noam@example.com',
      amount: 72,
      charityName: expect.any(String),
      thankYouNote: null,
    });
    expect((await new HttpClient(server.url).get(`/api/registries/${registry.id}/contributors`)).status).toBe(401);
    expect((await (await signedIn(server)).client.get(`/api/registries/${registry.id}/contributors`)).status).toBe(403);
    const coOwner = await signedInCoOwner(server, registry.id);
    expect(
      ((await coOwner.client.get(`/api/registries/${registry.id}/contributors`)).json as unknown as { giftGiverName: string }[]).map(
        (c) => c.giftGiverName,
      ),
    ).toEqual(['Noam', 'Miriam']);
    expect((await owner.client.get('/api/registries/00000000-0000-4000-8000-000000000000/contributors')).status).toBe(404);
  });
});

describe('POST /api/thank-you-notes', () => {
  it('creates the note, then updates the same note', async () => {
    const { owner, contributors } = await familyWithTwoContributors();
    const giftId = contributors[1]!.id;
    const created = await owner.client.post('/api/thank-you-notes', note(giftId));
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      giftId,
      templateId: 'nature',
      customMessage: 'Thank you so much!',
      status: 'draft',
      imageSize: 'medium',
    });
    const updated = await owner.client.post(
      '/api/thank-you-notes',
      note(giftId, { noteId: created.json.id, templateId: 'warm', imageSize: 'large' }),
    );
    expect(updated.json).toMatchObject({ id: created.json.id, templateId: 'warm', imageSize: 'large' });
  });

  it.each([
    ['a message of only spaces', { customMessage: '    ' }],
    ['an unknown template', { templateId: 'glitter' }],
    ['a size of huge', { imageSize: 'huge' }],
    ['a photo from elsewhere', { imageUrls: ['https://tracker.example/pixel.gif'] }],
    ['seven photos', { imageUrls: Array.from({ length: 7 }, () => '/uploads/00000000-0000-4000-8000-000000000000.jpg') }],
    ['an unknown field', { status: 'sent' }],
    ['a message that is not text', { customMessage: 42 }],
  ])('refuses %s with 400 and saves nothing', async (_label, overrides) => {
    const { owner, registry, contributors } = await familyWithTwoContributors();
    const response = await owner.client.post('/api/thank-you-notes', note(contributors[0]!.id, overrides));
    expect(response.status).toBe(400);
    expect(typeof response.json.message).toBe('string');
    const after = (await owner.client.get(`/api/registries/${registry.id}/contributors`)).json as unknown as { thankYouNote: unknown }[];
    expect(after.every((c) => c.thankYouNote === null)).toBe(true);
  });

  it('refuses another owner’s gift, a visitor, a pending gift and a note id of another gift', async () => {
    const { owner, contributors } = await familyWithTwoContributors();
    const [first, second] = contributors;
    const stranger = await signedIn(server);
    expect((await stranger.client.post('/api/thank-you-notes', note(first!.id))).status).toBe(403);
    expect((await new HttpClient(server.url).post('/api/thank-you-notes', note(first!.id))).status).toBe(401);
    expect((await owner.client.post('/api/thank-you-notes', note('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
    const secondNote = await owner.client.post('/api/thank-you-notes', note(second!.id));
    const crossed = await owner.client.post(
      '/api/thank-you-notes',
      note(first!.id, { noteId: secondNote.json.id, customMessage: 'Overwrite?' }),
    );
    expect(crossed.status).toBe(400);
    expect(crossed.json.message).toBe('That note belongs to another gift');
    const { registry } = await ownerRegistryOf(owner.client, first!.id);
    const after = (await owner.client.get(`/api/registries/${registry}/contributors`)).json as unknown as {
      id: string;
      thankYouNote: { customMessage: string } | null;
    }[];
    expect(after.find((c) => c.id === first!.id)?.thankYouNote).toBeNull();
    expect(after.find((c) => c.id === second!.id)?.thankYouNote?.customMessage).toBe('Thank you so much!');
  });
});

describe('POST /api/thank-you-notes/{id}/send', () => {
  it('e-mails the card with its message and photo, marks it sent, and sends again on resend', async () => {
    const { owner, contributors } = await familyWithTwoContributors();
    const miriam = contributors.find((c) => c.giftGiverName === 'Miriam')!;
    const photo = await owner.client.upload('/api/objects/upload', { bytes: await pngBytes(), name: 'party.png', type: 'image/png' });
    const saved = await owner.client.post(
      '/api/thank-you-notes',
      note(miriam.id, { customMessage: 'Todah rabah, Miriam!', imageUrls: [photo.json.photoUrl] }),
    );
    const sent = await owner.client.post(`/api/thank-you-notes/${saved.json.id}/send`, {});
    expect(sent.status).toBe(200);
    expect(sent.json.note).toMatchObject({ status: 'sent', sentAt: expect.any(String) });
    await server.mailWorker.drainOnce();

    const outbox = path.join(server.dataDir, 'outbox');
    const mails = readdirSync(outbox).map((file) =>
      readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
    const card = mails.filter((mail) => mail.includes('To: miriam@example.com') && mail.includes('Todah rabah, Miriam!'));
    expect(card).toHaveLength(1);
    expect(card[0]).toMatch(new RegExp(`src="http://localhost:\\d+${photo.json.photoUrl}"`));
    expect(card[0]).toContain('A thank-you from sarah-rose cohen');
    // Miriam's answer to the card reaches the family.
    expect(card[0]).toContain(`Reply-To: ${owner.registration.email}`);

    expect((await owner.client.post(`/api/thank-you-notes/${saved.json.id}/send`, {})).status).toBe(200);
    await server.mailWorker.drainOnce();
    const again = readdirSync(outbox)
      .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
      .filter((mail) => mail.includes('To: miriam@example.com') && mail.includes('Todah rabah'));
    expect(again).toHaveLength(2);
  });

  it('lets a co-owner write and send a card, which a reply brings back to that co-owner', async () => {
    const { contributors } = await familyWithTwoContributors();
    const noam = contributors.find((c) => c.giftGiverName === 'Noam')!;
    const registryId = (await server.infrastructure.repositories.gifts.findById(noam.id))!.registryId;
    const coOwner = await signedInCoOwner(server, registryId);
    const saved = await coOwner.client.post('/api/thank-you-notes', note(noam.id, { customMessage: 'From both of us, Noam!' }));
    expect(saved.status).toBe(200);
    expect((await coOwner.client.post(`/api/thank-you-notes/${saved.json.id}/send`, {})).status).toBe(200);
    await server.mailWorker.drainOnce();
    const outbox = path.join(server.dataDir, 'outbox');
    const card = readdirSync(outbox)
      .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
      .filter((mail) => mail.includes('To: noam@example.com') && mail.includes('From both of us'));
    expect(card).toHaveLength(1);
    expect(card[0]).toContain(`Reply-To: ${coOwner.registration.email}`);
  });

  it('refuses strangers, visitors and unknown notes, and sends nothing', async () => {
    const { owner, contributors } = await familyWithTwoContributors();
    const saved = await owner.client.post('/api/thank-you-notes', note(contributors[0]!.id));
    expect((await (await signedIn(server)).client.post(`/api/thank-you-notes/${saved.json.id}/send`, {})).status).toBe(403);
    expect((await new HttpClient(server.url).post(`/api/thank-you-notes/${saved.json.id}/send`, {})).status).toBe(401);
    expect((await owner.client.post('/api/thank-you-notes/00000000-0000-4000-8000-000000000000/send', {})).status).toBe(404);
    expect((await owner.client.post('/api/thank-you-notes/nope/send', {})).status).toBe(404);
  });
});
