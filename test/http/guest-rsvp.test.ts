import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegistryEntity } from '../../adapters/persistence/entities/registry-entity';
import { clientAs, signedIn, signedInCoOwner, type MatrixRole } from '../support/accounts';
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

type Rsvp = { answer: string; partySize: number; answeredAt: string } | null;
interface Line {
  id: string;
  name: string;
  rsvp: Rsvp;
  hasPersonalLink: boolean;
  gifts: { id: string; amount: number; matchedBy: string }[];
  given: number;
}
interface Listed {
  guests: Line[];
  counts: {
    guests: number;
    gave: number;
    rsvp: { yes: number; yesPeople: number; maybe: number; maybePeople: number; no: number; none: number };
  };
}

async function guestList(client: HttpClient, registryId: string, query = ''): Promise<Listed> {
  const response = await client.get(`/api/registries/${registryId}/guests${query}`);
  expect(response.status, response.text).toBe(200);
  return response.json as unknown as Listed;
}

async function addGuests(client: HttpClient, registryId: string, csv: string): Promise<Record<string, string>> {
  const added = await client.call('POST', `/api/registries/${registryId}/guests`, csv, { 'Content-Type': 'text/csv' });
  expect(added.status, added.text).toBe(201);
  return Object.fromEntries((added.json.added as { id: string; name: string }[]).map((guest) => [guest.name, guest.id]));
}

/** The guest's personal link as the family copies it, and its token. */
async function linkOf(client: HttpClient, registryId: string, guestId: string): Promise<{ url: string; token: string }> {
  const issued = await client.post(`/api/registries/${registryId}/guests/${guestId}/link`, {});
  expect(issued.status, issued.text).toBe(200);
  const url = issued.json.url as string;
  return { url, token: new URL(url).pathname.split('/').pop()! };
}

const visitor = () => new HttpClient(server.url);
const answer = (token: string, body: unknown) => visitor().call('PUT', `/api/invitations/${token}/rsvp`, body);

/** A registry with Dora (a household of 4) and Ben on its list, and Dora's link. */
async function invited(overrides: Record<string, unknown> = {}) {
  const { owner, registry } = await openRegistry(server, { childName: 'Noa Peretz', celebrationDate: '2031-03-15', ...overrides });
  const ids = await addGuests(
    owner.client,
    registry.id,
    'name,email,party size\nDora Levi,dora@example.com,4\nBen Cohen,ben@example.com,1\n',
  );
  const dora = await linkOf(owner.client, registry.id, ids['Dora Levi']!);
  return { owner, registry, ids, dora };
}

describe('the personal link', () => {
  it('is an unguessable address at /i/, the same each time it is copied, and a link that never was is refused in one set of words', async () => {
    const { owner, registry, ids, dora } = await invited();
    // The site's public address, then the token: 256 random bits.
    expect(new URL(dora.url).pathname).toMatch(/^\/i\/[A-Za-z0-9_-]{43}$/);
    expect((await visitor().get(`/api/invitations/${dora.token}`)).status).toBe(200);
    // The list says who has a link, never the link: only its digest is kept.
    const listed = await guestList(owner.client, registry.id);
    expect(listed.guests.map((line) => [line.name, line.hasPersonalLink])).toEqual([
      ['Ben Cohen', false],
      ['Dora Levi', true],
    ]);
    expect(JSON.stringify(listed)).not.toContain(dora.token);

    // Copied again (or sent in an invitation or the reminder), it is the link the guest already has.
    const again = await linkOf(owner.client, registry.id, ids['Dora Levi']!);
    expect(again.token).toBe(dora.token);
    const ben = await linkOf(owner.client, registry.id, ids['Ben Cohen']!);
    expect(ben.token).not.toBe(dora.token);
    const never = await visitor().get(`/api/invitations/${'x'.repeat(43)}`);
    const malformed = await visitor().get('/api/invitations/not-a-token');
    expect([never.status, malformed.status]).toEqual([404, 404]);
    expect(malformed.json.message).toBe(never.json.message);
    expect(never.json.message).toMatch(/does not work/);
    expect((await answer('x'.repeat(43), { answer: 'yes', partySize: 2 })).status).toBe(404);

    // A guest taken off the list takes their link with them.
    expect((await owner.client.call('DELETE', `/api/guests/${ids['Dora Levi']!}`)).status).toBeLessThan(300);
    const gone = await visitor().get(`/api/invitations/${dora.token}`);
    expect([gone.status, gone.json.message]).toEqual([404, never.json.message]);
  });

  it('is refused for another registry’s guest and for a guest that is not there, and the stranger’s call changes nothing', async () => {
    const { owner, registry, ids, dora } = await invited();
    const other = await openRegistry(server);
    const theirs = await addGuests(other.owner.client, other.registry.id, 'name,email\nZev Stern,zev@example.com\n');
    // The owner of this registry, naming a guest of the other's list through this registry's path.
    expect((await owner.client.post(`/api/registries/${registry.id}/guests/${theirs['Zev Stern']!}/link`, {})).status).toBe(404);
    // The other family, naming this registry's guest through their own registry's path.
    expect((await other.owner.client.post(`/api/registries/${other.registry.id}/guests/${ids['Dora Levi']!}/link`, {})).status).toBe(404);
    expect((await owner.client.post(`/api/registries/${registry.id}/guests/00000000-0000-4000-8000-000000000000/link`, {})).status).toBe(
      404,
    );
    expect((await owner.client.post(`/api/registries/${registry.id}/guests/not-a-uuid/link`, {})).status).toBe(404);
    // Dora's link still works: none of the refusals replaced it.
    expect((await visitor().get(`/api/invitations/${dora.token}`)).status).toBe(200);
  });

  it('is issued by the owner and a co-owner only', async () => {
    const { owner, registry, ids } = await invited();
    const coOwner = await signedInCoOwner(server, registry.id);
    expect((await coOwner.client.post(`/api/registries/${registry.id}/guests/${ids['Ben Cohen']!}/link`, {})).status).toBe(200);
    for (const role of ['visitor', 'other', 'admin'] as MatrixRole[]) {
      const client = await clientAs(server, role, registry.id, owner.client);
      expect((await client.post(`/api/registries/${registry.id}/guests/${ids['Ben Cohen']!}/link`, {})).status, role).toBe(
        role === 'visitor' ? 401 : 403,
      );
    }
  });
});

describe('what the link reads', () => {
  it('is the celebration and the guest’s own line, and nothing else of the list', async () => {
    const { registry, dora } = await invited({ celebrationDate: '2031-03-15', personalMessage: 'Join us!' });
    const read = await visitor().get(`/api/invitations/${dora.token}`);
    expect(read.status, read.text).toBe(200);
    expect(read.json).toEqual({
      registry: {
        id: registry.id,
        shortCode: registry.shortCode,
        childName: 'Noa Peretz',
        celebrationType: 'unspecified',
        celebrationDate: '2031-03-15T00:00:00.000Z',
        hebrewDate: expect.objectContaining({ date: expect.any(String) }),
        personalMessage: 'Join us!',
        photoUrl: null,
        photoFocusX: 50,
        photoFocusY: 50,
        acceptsGifts: true,
      },
      guest: { name: 'Dora Levi', partySize: 4 },
      rsvp: null,
      answerUntil: '2031-03-16T12:00:00.000Z',
      canAnswer: true,
      startTime: null,
      place: null,
    });
    // Nothing of Ben, nor of any e-mail, nor of any gift, in the whole answer.
    expect(read.text).not.toMatch(/Ben|@example\.com|amount|giftCount|totalReceived/);
  });
});

describe('answering without an account', () => {
  it('records an answer, changes it, and the family sees each answer, the counts and the filter', async () => {
    const { owner, registry, dora } = await invited();
    const yes = await answer(dora.token, { answer: 'yes', partySize: 3 });
    expect(yes.status, yes.text).toBe(200);
    expect(yes.json.rsvp).toMatchObject({ answer: 'yes', partySize: 3 });
    let list = await guestList(owner.client, registry.id);
    expect(list.counts.rsvp).toEqual({ yes: 1, yesPeople: 3, maybe: 0, maybePeople: 0, no: 0, none: 1 });

    const maybe = await answer(dora.token, { answer: 'maybe', partySize: 2 });
    expect(maybe.json.rsvp).toMatchObject({ answer: 'maybe', partySize: 2 });
    list = await guestList(owner.client, registry.id);
    expect(list.guests.find((line) => line.name === 'Dora Levi')!.rsvp).toMatchObject({ answer: 'maybe', partySize: 2 });
    expect(list.counts.rsvp).toEqual({ yes: 0, yesPeople: 0, maybe: 1, maybePeople: 2, no: 0, none: 1 });
    expect((await guestList(owner.client, registry.id, '?rsvp=maybe')).guests.map((line) => line.name)).toEqual(['Dora Levi']);
    expect((await guestList(owner.client, registry.id, '?rsvp=none')).guests.map((line) => line.name)).toEqual(['Ben Cohen']);
    expect((await guestList(owner.client, registry.id, '?rsvp=yes')).guests).toEqual([]);

    const no = await answer(dora.token, { answer: 'no' });
    expect(no.json.rsvp).toMatchObject({ answer: 'no', partySize: 0 });
    expect((await answer(dora.token, { answer: 'no', partySize: 0 })).status).toBe(200);
    expect((await guestList(owner.client, registry.id, '?rsvp=no')).counts.rsvp).toMatchObject({ no: 1, none: 1 });
    expect((await owner.client.get(`/api/registries/${registry.id}/guests?rsvp=later`)).status).toBe(400);
  });

  it('refuses every bad answer with the field’s message, and changes nothing', async () => {
    const { owner, registry, dora } = await invited();
    await answer(dora.token, { answer: 'yes', partySize: 2 });
    const before = await guestList(owner.client, registry.id);
    const cases: [unknown, string, RegExp][] = [
      [{}, 'answer', /Choose an answer/],
      [{ answer: 'attending', partySize: 2 }, 'answer', /yes, no or maybe/],
      [{ answer: 42 }, 'answer', /yes, no or maybe/],
      [{ answer: 'yes' }, 'partySize', /how many/i],
      [{ answer: 'maybe', partySize: 0 }, 'partySize', /at least 1/],
      [{ answer: 'yes', partySize: 21 }, 'partySize', /at most 20/],
      [{ answer: 'yes', partySize: 2.5 }, 'partySize', /whole number/],
      [{ answer: 'yes', partySize: '3' }, 'partySize', /whole number/],
      [{ answer: 'no', partySize: 2 }, 'partySize', /Not coming/],
      [{ answer: 'yes', partySize: 2, guestId: 'someone' }, 'guestId', /Unknown field/],
    ];
    for (const [body, field, message] of cases) {
      const refused = await answer(dora.token, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect((refused.json.errors as Record<string, string>)[field], JSON.stringify(body)).toMatch(message);
    }
    for (const body of [[], 'yes', null]) expect((await answer(dora.token, body)).status, JSON.stringify(body)).toBe(400);
    expect(await guestList(owner.client, registry.id)).toEqual(before);
  });

  it('stops taking changes once the celebration day is over, keeping the answer', async () => {
    const { owner, registry, dora } = await invited({ celebrationDate: '2020-01-05' });
    const read = await visitor().get(`/api/invitations/${dora.token}`);
    expect(read.json).toMatchObject({ canAnswer: false, answerUntil: '2020-01-06T12:00:00.000Z', rsvp: null });
    const late = await answer(dora.token, { answer: 'yes', partySize: 2 });
    expect(late.status).toBe(409);
    expect(late.json.message).toMatch(/celebration is over/);
    expect((await guestList(owner.client, registry.id)).counts.rsvp.none).toBe(2);
  });

  it('still takes answers once the registry is closed (closing is about gifts), and no longer offers giving', async () => {
    const { dora, registry } = await invited();
    await server.infrastructure.orm.em.fork().nativeUpdate(RegistryEntity, { id: registry.id }, { status: 'closed' });
    expect((await visitor().get(`/api/invitations/${dora.token}`)).json).toMatchObject({
      canAnswer: true,
      registry: { acceptsGifts: false },
    });
    expect((await answer(dora.token, { answer: 'yes', partySize: 2 })).json).toMatchObject({ rsvp: { answer: 'yes', partySize: 2 } });
  });

  it('dies with the guest taken off the list, and with the registry', async () => {
    const { owner, registry, ids, dora } = await invited();
    const ben = await linkOf(owner.client, registry.id, ids['Ben Cohen']!);
    expect((await owner.client.call('DELETE', `/api/guests/${ids['Ben Cohen']!}`)).status).toBe(200);
    expect((await visitor().get(`/api/invitations/${ben.token}`)).status).toBe(404);
    expect((await owner.client.call('DELETE', `/api/registries/${registry.id}`)).status).toBe(200);
    expect((await visitor().get(`/api/invitations/${dora.token}`)).status).toBe(404);
  });
});

describe('a gift given from the link', () => {
  async function give(body: Record<string, unknown>) {
    const guest = visitor();
    const intent = await guest.post('/api/create-payment-intent', {
      charityId,
      giftGiverName: 'Dora',
      amount: 36,
      personalMessage: '',
      ...body,
    });
    expect(intent.status, intent.text).toBe(201);
    expect(
      (await guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: '4242424242424242' })).status,
    ).toBeLessThan(300);
    return intent.json.paymentIntentId as string;
  }

  it('is matched to that guest whatever address pays, and counted once even when the address is another guest’s', async () => {
    const { owner, registry, dora } = await invited();
    // Paid with Ben's address, from Dora's link: Dora's alone.
    await give({ registryId: registry.id, giftGiverEmail: 'ben@example.com', guestLink: dora.token });
    // From no link, with Dora's address: Dora's by e-mail.
    await give({ registryId: registry.id, giftGiverEmail: 'dora@example.com', amount: 18 });
    const list = await guestList(owner.client, registry.id);
    const byName = Object.fromEntries(list.guests.map((line) => [line.name, line]));
    expect(byName['Dora Levi']!.gifts.map((gift) => [gift.amount, gift.matchedBy])).toEqual([
      [36, 'link'],
      [18, 'email'],
    ]);
    expect(byName['Dora Levi']!.given).toBe(54);
    expect(byName['Ben Cohen']!.gifts).toEqual([]);
    expect(list.counts.gave).toBe(1);
  });

  it('leaves the gift to the e-mail rule when the link’s guest is gone or the link is another registry’s, and refuses what is no link at all', async () => {
    const { owner, registry, ids, dora } = await invited();
    expect((await owner.client.call('DELETE', `/api/guests/${ids['Dora Levi']!}`)).status).toBeLessThan(300);
    await give({ registryId: registry.id, giftGiverEmail: 'ben@example.com', guestLink: dora.token });
    const other = await invited();
    await give({ registryId: registry.id, giftGiverEmail: 'someone@example.com', guestLink: other.dora.token });
    const list = await guestList(owner.client, registry.id);
    const byName = Object.fromEntries(list.guests.map((line) => [line.name, line]));
    expect(byName['Ben Cohen']!.gifts.map((gift) => gift.matchedBy)).toEqual(['email']);
    expect(byName['Dora Levi']).toBeUndefined();
    expect((await guestList(other.owner.client, other.registry.id)).counts.gave).toBe(0);

    const refused = await visitor().post('/api/create-payment-intent', {
      registryId: registry.id,
      charityId,
      giftGiverName: 'Dora',
      giftGiverEmail: 'dora@example.com',
      amount: 36,
      personalMessage: '',
      guestLink: 'not a link',
    });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toMatchObject({ guestLink: expect.any(String) });
  });
});

describe('the no-JavaScript form and the logs', () => {
  const form = (token: string, body: string) =>
    visitor().call('POST', `/i/${token}`, body, { 'Content-Type': 'application/x-www-form-urlencoded' });

  it('answers the page’s form with 303 back to the page, saying how it went, and records the answer', async () => {
    const { owner, registry, dora } = await invited();
    const saved = await form(dora.token, 'answer=yes&partySize=3');
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`/i/${dora.token}?rsvp=saved`);
    expect((await form(dora.token, 'answer=no&partySize=3')).headers.get('location')).toBe(`/i/${dora.token}?rsvp=saved`);
    expect((await form(dora.token, 'answer=maybe&partySize=zero')).headers.get('location')).toBe(`/i/${dora.token}?rsvp=party-size`);
    expect((await form(dora.token, 'partySize=2')).headers.get('location')).toBe(`/i/${dora.token}?rsvp=answer`);
    expect((await form('x'.repeat(43), 'answer=yes&partySize=1')).headers.get('location')).toBe(`/i/${'x'.repeat(43)}`);
    expect((await guestList(owner.client, registry.id)).guests.find((line) => line.name === 'Dora Levi')!.rsvp).toMatchObject({
      answer: 'no',
      partySize: 0,
    });
    expect((await visitor().call('POST', `/i/${dora.token}`, { answer: 'yes' })).status).toBe(415);
  });

  it('never writes a personal link’s token to the log', async () => {
    const { dora } = await invited();
    await visitor().get(`/api/invitations/${dora.token}`);
    await answer(dora.token, { answer: 'yes', partySize: 1 });
    await form(dora.token, 'answer=yes&partySize=2');
    const lines = server.logs.join('');
    expect(lines).toContain('/api/invitations/[token]');
    expect(lines).toContain('"/i/[token]"');
    expect(lines).not.toContain(dora.token);
  });

  it('is a stranger’s nothing: signing in reads no more through a link', async () => {
    const { dora } = await invited();
    const stranger = (await signedIn(server)).client;
    const read = await stranger.get(`/api/invitations/${dora.token}`);
    expect(Object.keys(read.json as object).sort()).toEqual([
      'answerUntil',
      'canAnswer',
      'guest',
      'place',
      'registry',
      'rsvp',
      'startTime',
    ]);
  });
});
