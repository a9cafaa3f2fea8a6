import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewGift } from '@core/ports/gift-repository';
import { splitGift } from '@core/split';
import { aNewGift } from '../support/builders';
import { clientAs, signedIn, type MatrixRole } from '../support/accounts';
import { HttpClient } from '../support/http-client';
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

interface Line {
  id: string;
  name: string;
  gifts: { id: string; byHand: boolean; amount: number; matchedBy: string; thankYouStatus: string }[];
  given: number;
  thankYou: string | null;
}
interface Listed {
  guests: Line[];
  filters: Record<string, string>;
  counts: { guests: number; people: number; gave: number; thanked: number; notThanked: number };
  giftsToThank: string[];
  unmatchedByHand: { id: string; giftGiverName: string; amount: number }[];
}

async function guestList(client: HttpClient, registryId: string, query = ''): Promise<Listed> {
  const response = await client.get(`/api/registries/${registryId}/guests${query}`);
  expect(response.status, response.text).toBe(200);
  return response.json as unknown as Listed;
}

/** A gift paid online (or not: paymentStatus), at `dollars`, stored as the payment would leave it. */
function giftOnline(registryId: string, email: string, dollars: number, overrides: Partial<NewGift> = {}) {
  return server.infrastructure.repositories.gifts.create(
    aNewGift(registryId, charityId, { giftGiverEmail: email, amount: dollars * 100, ...splitGift(dollars * 100), ...overrides }),
  );
}

async function addGuests(client: HttpClient, registryId: string, csv: string): Promise<Record<string, string>> {
  const added = await client.call('POST', `/api/registries/${registryId}/guests`, csv, { 'Content-Type': 'text/csv' });
  expect(added.status, added.text).toBe(201);
  return Object.fromEntries((added.json.added as { id: string; name: string }[]).map((guest) => [guest.name, guest.id]));
}

async function recordByHand(client: HttpClient, registryId: string, name: string, amount: number): Promise<string> {
  const recorded = await client.post(`/api/registries/${registryId}/offline-gifts`, {
    giftGiverName: name,
    giftGiverEmail: '',
    amount,
    method: 'check',
    receivedOn: new Date().toISOString().slice(0, 10),
    note: '',
  });
  expect(recorded.status, recorded.text).toBe(201);
  return recorded.json.id as string;
}

const matchTo = (client: HttpClient, giftId: string, guestId: unknown) =>
  client.call('PUT', `/api/offline-gifts/${giftId}/guest`, { guestId });

const byName = (list: Listed) => Object.fromEntries(list.guests.map((line) => [line.name, line]));

describe('who gave, by the giver’s e-mail', () => {
  it('counts a guest’s paid gifts whatever the case of the address, and no refunded, failed or pending one', async () => {
    const { owner, registry } = await openRegistry(server);
    await addGuests(
      owner.client,
      registry.id,
      'name,email\nDora Levi,dora@example.com\nBen Cohen,ben@example.com\nZev Stern,zev@example.com\n',
    );
    const paid = await giftOnline(registry.id, 'Dora@Example.COM', 36);
    await giftOnline(registry.id, 'dora@example.com', 18);
    for (const paymentStatus of ['refunded', 'failed', 'pending', 'expired', 'disputed'] as const)
      await giftOnline(registry.id, 'ben@example.com', 100, { paymentStatus });
    await giftOnline(registry.id, 'stranger@example.com', 500);
    const other = await openRegistry(server);
    await giftOnline(other.registry.id, 'zev@example.com', 72);

    const list = byName(await guestList(owner.client, registry.id));
    expect(list['Dora Levi']).toMatchObject({ given: 54, thankYou: 'none' });
    expect(list['Dora Levi']!.gifts.map((gift) => [gift.amount, gift.matchedBy, gift.byHand])).toEqual([
      [36, 'email', false],
      [18, 'email', false],
    ]);
    expect(list['Dora Levi']!.gifts[0]!.id).toBe(paid.id);
    expect(list['Ben Cohen']).toMatchObject({ gifts: [], given: 0, thankYou: null });
    // A gift to another registry is not this list's.
    expect(list['Zev Stern']).toMatchObject({ gifts: [], given: 0 });
  });

  it('says a giver is thanked once every gift of theirs has a card sent, and offers the others’ gifts for cards', async () => {
    const { owner, registry } = await openRegistry(server);
    await addGuests(
      owner.client,
      registry.id,
      'name,email\nDora Levi,dora@example.com\nBen Cohen,ben@example.com\nAnn Katz,ann@example.com\n',
    );
    const dora = await giftOnline(registry.id, 'dora@example.com', 36);
    const ben = await giftOnline(registry.id, 'ben@example.com', 18);
    const saved = await owner.client.post('/api/thank-you-notes', {
      giftId: dora.id,
      templateId: 'warm',
      customMessage: 'Thank you, Dora!',
      imageUrls: [],
      imageSize: 'medium',
    });
    expect((await owner.client.post(`/api/thank-you-notes/${saved.json.id as string}/send`)).status).toBe(200);
    await owner.client.post('/api/thank-you-notes', {
      giftId: ben.id,
      templateId: 'warm',
      customMessage: 'Thank you, Ben!',
      imageUrls: [],
      imageSize: 'medium',
    });

    const list = await guestList(owner.client, registry.id);
    expect(byName(list)['Dora Levi']).toMatchObject({ thankYou: 'sent', gifts: [{ thankYouStatus: 'sent' }] });
    expect(byName(list)['Ben Cohen']).toMatchObject({ thankYou: 'draft', gifts: [{ thankYouStatus: 'draft' }] });
    expect(list.counts).toEqual({
      guests: 3,
      people: 3,
      invited: 0,
      gave: 2,
      thanked: 1,
      notThanked: 1,
      rsvp: { yes: 0, yesPeople: 0, maybe: 0, maybePeople: 0, no: 0, none: 3 },
    });
    expect(list.giftsToThank).toEqual([ben.id]);
  });
});

describe('the list’s filters', () => {
  it('keeps the givers, those who have not given, the thanked and those still owed a card; the counts stay the whole list’s', async () => {
    const { owner, registry } = await openRegistry(server);
    await addGuests(
      owner.client,
      registry.id,
      'name,email\nDora Levi,dora@example.com\nBen Cohen,ben@example.com\nAnn Katz,ann@example.com\n',
    );
    const dora = await giftOnline(registry.id, 'dora@example.com', 36);
    await giftOnline(registry.id, 'ben@example.com', 18);
    const saved = await owner.client.post('/api/thank-you-notes', {
      giftId: dora.id,
      templateId: 'warm',
      customMessage: 'Thank you!',
      imageUrls: [],
      imageSize: 'medium',
    });
    await owner.client.post(`/api/thank-you-notes/${saved.json.id as string}/send`);

    const names = async (query: string) => (await guestList(owner.client, registry.id, query)).guests.map((line) => line.name);
    expect(await names('')).toEqual(['Ann Katz', 'Ben Cohen', 'Dora Levi']);
    expect(await names('?gave=yes')).toEqual(['Ben Cohen', 'Dora Levi']);
    expect(await names('?gave=no')).toEqual(['Ann Katz']);
    expect(await names('?thanked=yes')).toEqual(['Dora Levi']);
    expect(await names('?thanked=no')).toEqual(['Ben Cohen']);
    expect(await names('?gave=no&thanked=no')).toEqual([]);
    const filtered = await guestList(owner.client, registry.id, '?gave=yes&thanked=no');
    expect(filtered.filters).toEqual({ gave: 'yes', thanked: 'no' });
    expect(filtered.counts).toMatchObject({ guests: 3, gave: 2 });
  });

  it('refuses a filter it does not offer, a value it does not take and a repeated one, with the reason', async () => {
    const { owner, registry } = await openRegistry(server);
    const cases: [string, string, string][] = [
      ['?sent=yes', 'sent', 'Unknown parameter: sent. The filters are invited, gave, thanked, rsvp'],
      ['?gave=maybe', 'gave', 'gave must be yes or no'],
      ['?thanked=', 'thanked', 'thanked must be yes or no'],
      ['?gave=yes&gave=no', 'gave', 'Give gave once'],
    ];
    for (const [query, field, message] of cases) {
      const refused = await owner.client.get(`/api/registries/${registry.id}/guests${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.json).toMatchObject({ message, errors: { [field]: message } });
    }
    // A stranger hears that the list is not theirs, not what is wrong with the query.
    expect((await (await signedIn(server)).client.get(`/api/registries/${registry.id}/guests?gave=maybe`)).status).toBe(403);
  });

  it('applies to the postal addresses, for labels to the givers alone', async () => {
    const { owner, registry } = await openRegistry(server);
    await addGuests(
      owner.client,
      registry.id,
      'name,email,street,city\nDora Levi,dora@example.com,1 Elm St,Toronto\nBen Cohen,ben@example.com,9 Oak Ave,Boston\n',
    );
    await giftOnline(registry.id, 'ben@example.com', 18);
    const file = await owner.client.download('GET', `/api/registries/${registry.id}/guests/addresses?gave=yes`);
    expect(file.status).toBe(200);
    const text = new TextDecoder().decode(file.bytes);
    expect(text).toContain('Ben Cohen,9 Oak Ave,Boston');
    expect(text).not.toContain('Dora');
    expect((await owner.client.download('GET', `/api/registries/${registry.id}/guests/addresses?gave=often`)).status).toBe(400);
  });
});

describe('a gift given by hand, matched by hand', () => {
  it('is offered unmatched, counts as the guest’s once matched, and unmatched again with null', async () => {
    const { owner, registry } = await openRegistry(server);
    const guests = await addGuests(owner.client, registry.id, 'name,email\nDora Levi,dora@example.com\n');
    const giftId = await recordByHand(owner.client, registry.id, 'Aunt Dora', 50);
    expect((await guestList(owner.client, registry.id)).unmatchedByHand).toEqual([
      expect.objectContaining({ id: giftId, giftGiverName: 'Aunt Dora', amount: 50 }),
    ]);

    const matched = await matchTo(owner.client, giftId, guests['Dora Levi']);
    expect(matched.status, matched.text).toBe(200);
    expect(matched.json).toEqual({ message: 'Matched to Dora Levi' });
    const list = await guestList(owner.client, registry.id);
    expect(list.unmatchedByHand).toEqual([]);
    expect(byName(list)['Dora Levi']).toMatchObject({
      given: 50,
      thankYou: 'none',
      gifts: [{ id: giftId, byHand: true, matchedBy: 'hand', amount: 50 }],
    });
    expect(list.giftsToThank).toEqual([giftId]);

    expect((await matchTo(owner.client, giftId, null)).json).toEqual({ message: 'No guest matched' });
    expect(byName(await guestList(owner.client, registry.id))['Dora Levi']).toMatchObject({ gifts: [], given: 0 });
  });

  it('is left unmatched, not removed, when its guest leaves the list', async () => {
    const { owner, registry } = await openRegistry(server);
    const guests = await addGuests(owner.client, registry.id, 'name,email\nDora Levi,dora@example.com\n');
    const giftId = await recordByHand(owner.client, registry.id, 'Aunt Dora', 50);
    await matchTo(owner.client, giftId, guests['Dora Levi']);
    expect((await owner.client.call('DELETE', `/api/guests/${guests['Dora Levi']!}`)).status).toBe(200);
    expect((await guestList(owner.client, registry.id)).unmatchedByHand.map((gift) => gift.id)).toEqual([giftId]);
  });

  it('refuses a guest of another registry, an unknown guest and a bad body with the reason, and changes nothing', async () => {
    const { owner, registry } = await openRegistry(server);
    await addGuests(owner.client, registry.id, 'name,email\nDora Levi,dora@example.com\n');
    const giftId = await recordByHand(owner.client, registry.id, 'Aunt Dora', 50);
    const other = await openRegistry(server);
    const theirs = await addGuests(other.owner.client, other.registry.id, 'name,email\nDora Levi,dora@example.com\n');
    const before = await guestList(owner.client, registry.id);
    const cases: [unknown, string][] = [
      [{ guestId: theirs['Dora Levi'] }, 'That guest is not on this registry’s guest list'],
      [{ guestId: '00000000-0000-4000-8000-000000000000' }, 'That guest is not on this registry’s guest list'],
      [{ guestId: 'dora' }, 'guestId must be the id of a guest on your list, or null'],
      [{ guestId: 7 }, 'guestId must be the id of a guest on your list, or null'],
      [{}, 'Choose the guest who gave it, or null for none'],
    ];
    for (const [body, message] of cases) {
      const refused = await owner.client.call('PUT', `/api/offline-gifts/${giftId}/guest`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json).toMatchObject({ message, errors: { guestId: message } });
    }
    const unknownField = await owner.client.call('PUT', `/api/offline-gifts/${giftId}/guest`, { guestId: null, giftId });
    expect(unknownField.status).toBe(400);
    expect(await guestList(owner.client, registry.id)).toEqual(before);
    expect((await matchTo(owner.client, '00000000-0000-4000-8000-000000000000', null)).status).toBe(404);
  });

  type Role = MatrixRole;
  const statuses: Record<Role, number> = { visitor: 401, owner: 200, coOwner: 200, other: 403, admin: 403 };
  for (const role of Object.keys(statuses) as Role[]) {
    it(`PUT /api/offline-gifts/:id/guest as ${role} → ${statuses[role]}, and a refusal changes nothing`, async () => {
      const { owner, registry } = await openRegistry(server);
      const guests = await addGuests(owner.client, registry.id, 'name,email\nDora Levi,dora@example.com\n');
      const giftId = await recordByHand(owner.client, registry.id, 'Aunt Dora', 50);
      const client = await clientAs(server, role, registry.id, owner.client);
      const before = await guestList(owner.client, registry.id);
      const response = await matchTo(client, giftId, guests['Dora Levi']);
      expect(response.status, response.text).toBe(statuses[role]);
      if (response.status >= 400) {
        expect(typeof response.json.message).toBe('string');
        expect(await guestList(owner.client, registry.id)).toEqual(before);
      }
    });
  }
});
