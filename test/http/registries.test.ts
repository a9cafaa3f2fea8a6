import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegistryEntity } from '../../adapters/persistence/entities/registry-entity';
import { aNewGift } from '../support/builders';
import { HttpClient } from '../support/http-client';
import { clientAs, signedIn, type MatrixRole } from '../support/accounts';
import { aRegistryBody } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let charities: { id: string; name: string }[];

beforeAll(async () => {
  server = await startTestServer();
  charities = (await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string; name: string }[];
});
afterAll(async () => {
  await server?.close();
});

async function newRegistry(client: HttpClient, overrides: Record<string, unknown> = {}) {
  const response = await client.post('/api/registries', aRegistryBody(overrides));
  expect(response.status, response.text).toBe(201);
  return response.json as unknown as Record<string, unknown> & { id: string; shortCode: string };
}

async function addGift(registryId: string, overrides: Parameters<typeof aNewGift>[2] = {}) {
  return server.infrastructure.repositories.gifts.create(aNewGift(registryId, charities[0]!.id, overrides));
}

async function setStatus(registryId: string, status: 'open' | 'closed' | 'payout_sent') {
  await server.infrastructure.orm.em.fork().nativeUpdate(RegistryEntity, { id: registryId }, { status });
}

async function ownerView(client: HttpClient, id: string) {
  return (await client.get(`/api/registries/${id}`)).json;
}

describe('creating a registry', () => {
  it('stores what the family entered, with a short code, and answers the owner’s view', async () => {
    const { client } = await signedIn(server);
    const created = await newRegistry(client, { childName: '  Noa Levi ', currency: 'CAD', celebrationDate: '2027-03-14' });
    expect(created).toMatchObject({
      childName: 'Noa Levi',
      currency: 'CAD',
      celebrationDate: '2027-03-14T00:00:00.000Z',
      status: 'open',
      totalReceived: 0,
      giftCount: 0,
      isOwner: true,
      preferredCharity: null,
      allowCharityChoice: true,
    });
    expect(created.shortCode).toMatch(/^[23456789abcdefghjkmnpqrstuvwxyz]{1,8}$/);
  });

  it('keeps donor-choice as no preferred charity, and a chosen charity as the only one', async () => {
    const { client } = await signedIn(server);
    const chosen = await newRegistry(client, { preferredCharityId: charities[1]!.id, allowCharityChoice: false });
    expect(chosen).toMatchObject({
      preferredCharityId: charities[1]!.id,
      preferredCharity: { id: charities[1]!.id, name: charities[1]!.name },
      allowCharityChoice: false,
    });
  });

  it.each([
    ['an unknown charity', { preferredCharityId: '00000000-0000-4000-8000-000000000000', allowCharityChoice: false }, 400],
    ['a charity id that is not an id', { preferredCharityId: 'mazon', allowCharityChoice: false }, 400],
    ['a chosen charity that still allows choice', { preferredCharityId: 'CHARITY', allowCharityChoice: true }, 400],
    ['a currency other than USD or CAD', { currency: 'EUR' }, 400],
    ['a status', { status: 'closed' }, 400],
    ['a total', { totalReceived: 1000 }, 400],
    ['an owner', { userId: '00000000-0000-4000-8000-000000000000' }, 400],
    ['no child name', { childName: '   ' }, 400],
    ['a number for a name', { childName: 42 }, 400],
    ['a name of 101 characters', { childName: 'x'.repeat(101) }, 400],
    ['no date', { celebrationDate: '' }, 400],
    ['a date that does not exist', { celebrationDate: '2027-02-30' }, 400],
    ['words for a date', { celebrationDate: 'next spring' }, 400],
    ['a number for a date', { celebrationDate: 20270516 }, 400],
    ['a photo from elsewhere', { photoUrl: 'https://tracker.example/pixel.gif' }, 400],
    ['a script for a photo', { photoUrl: 'javascript:alert(1)' }, 400],
    ['a message of 2001 characters', { personalMessage: 'x'.repeat(2001) }, 400],
  ])('refuses %s and creates nothing', async (_label, overrides, status) => {
    const { client } = await signedIn(server);
    const body = aRegistryBody(overrides);
    if (body.preferredCharityId === 'CHARITY') body.preferredCharityId = charities[0]!.id;
    const response = await client.post('/api/registries', body);
    expect(response.status).toBe(status);
    expect(typeof response.json.message).toBe('string');
    expect((await client.get('/api/registries/my')).json).toEqual([]);
  });

  it('refuses an inactive charity', async () => {
    const { client } = await signedIn(server);
    const inactive = await server.infrastructure.repositories.charities.create({
      name: 'Closed Fund',
      description: 'No longer a partner.',
      category: 'other',
      website: null,
      imageUrl: null,
      isActive: false,
    });
    expect(
      (await client.post('/api/registries', aRegistryBody({ preferredCharityId: inactive.id, allowCharityChoice: false }))).status,
    ).toBe(400);
  });

  it('refuses malformed JSON', async () => {
    const { client } = await signedIn(server);
    expect((await client.call('POST', '/api/registries', '{"childName": "Sa')).status).toBe(400);
  });
});

describe('what each viewer sees', () => {
  it('shows everyone the celebration and the number of givers, and only the owner who gave what', async () => {
    const owner = await signedIn(server);
    const registry = await newRegistry(owner.client, { childName: 'Eli Stern' });
    await addGift(registry.id, {
      giftGiverName: 'Secret Giver',
      giftGiverEmail: 'secret.giver@example.com',
      amount: 12_345,
      childAmount: 11_110,
      charityAmount: 1_235,
    });
    await addGift(registry.id, { giftGiverName: 'Failed Giver', paymentStatus: 'failed' });
    await server.infrastructure.orm.em.fork().nativeUpdate(RegistryEntity, { id: registry.id }, { totalReceived: 12_345 });

    const other = await signedIn(server);
    for (const viewer of [new HttpClient(server.url), other.client]) {
      for (const path of [`/api/registries/${registry.id}`, `/api/short-links/${registry.shortCode}`]) {
        const response = await viewer.get(path);
        expect(response.status).toBe(200);
        expect(response.json).toMatchObject({ childName: 'Eli Stern', giftCount: 1, isOwner: false, hasGifts: true });
        expect(response.text).not.toMatch(/Secret Giver|secret\.giver|123\.45|12345|Failed Giver|userId|totalReceived|gifts"/);
      }
    }
    const search = await new HttpClient(server.url).get('/api/registries/search?q=eli%20st');
    expect(search.text).toContain('Eli Stern');
    expect(search.text).not.toMatch(/Secret Giver|123\.45|totalReceived|giftCount/);
    const recent = await new HttpClient(server.url).get('/api/registries/recent');
    expect(recent.text).toContain('Eli Stern');
    expect(recent.text).not.toMatch(/Secret Giver|secret\.giver|123\.45|totalReceived|giftCount|userId|payout|paypal|mailing|gifts"/i);

    const mine = await ownerView(owner.client, registry.id);
    expect(mine).toMatchObject({ isOwner: true, totalReceived: 123.45, giftCount: 1 });
    expect((mine.gifts as unknown as { giftGiverName: string; amount: number }[]).map((g) => [g.giftGiverName, g.amount])).toContainEqual([
      'Secret Giver',
      123.45,
    ]);
  });

  it('answers 404 for ids and short codes that name nothing', async () => {
    const visitor = new HttpClient(server.url);
    for (const path of [
      '/api/registries/00000000-0000-4000-8000-000000000000',
      '/api/registries/not-an-id',
      "/api/registries/1'%20or%20'1'='1",
      '/api/short-links/zzzz2222',
      '/api/short-links/%25%25',
    ]) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(404);
      expect(response.json.message).toBe('Registry not found');
    }
  });

  it('lists a user’s own registries with their totals', async () => {
    const { client } = await signedIn(server);
    const a = await newRegistry(client, { childName: 'First Child' });
    await addGift(a.id);
    await newRegistry(client, { childName: 'Second Child' });
    const mine = (await client.get('/api/registries/my')).json as unknown as Record<string, unknown>[];
    // Each tile's figures are its gifts' (the one derivation every screen shares), here one paid gift of 100.
    expect(mine.map((r) => [r.childName, r.giftCount, r.totalReceived])).toEqual([
      ['Second Child', 0, 0],
      ['First Child', 1, 100],
    ]);
    expect((await new HttpClient(server.url).get('/api/registries/my')).status).toBe(401);
  });
});

describe('recently created registries', () => {
  it('shows anyone the six newest open registries, newest first, as cards without money', async () => {
    const created = [];
    // Each family's own: the list shows one registry an account (the test below).
    for (const childName of ['Recent One', 'Recent Two', 'Recent Three', 'Recent Four', 'Recent Five', 'Recent Six', 'Recent Seven']) {
      created.push(await newRegistry((await signedIn(server)).client, { childName }));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const closed = await newRegistry((await signedIn(server)).client, { childName: 'Recent Closed' });
    await setStatus(closed.id, 'closed');

    const response = await new HttpClient(server.url).get('/api/registries/recent');
    expect(response.status).toBe(200);
    const recent = response.json as unknown as Record<string, unknown>[];
    expect(recent.map((r) => r.childName)).toEqual([
      'Recent Seven',
      'Recent Six',
      'Recent Five',
      'Recent Four',
      'Recent Three',
      'Recent Two',
    ]);
    for (const card of recent) {
      expect(Object.keys(card).sort()).toEqual([
        'celebrationDate',
        'celebrationType',
        'childName',
        'currency',
        'hebrewDate',
        'id',
        'photoFocusX',
        'photoFocusY',
        'photoUrl',
        'preferredCharity',
        'shortCode',
        'status',
      ]);
      expect(card.status).toBe('open');
    }
    expect(recent[0]!.id).toBe(created[6]!.id);
  });

  it('takes no parameters: a query string changes nothing', async () => {
    const visitor = new HttpClient(server.url);
    const plain = (await visitor.get('/api/registries/recent')).json;
    expect((await visitor.get('/api/registries/recent?limit=500&status=closed')).json).toEqual(plain);
  });
});

describe('searching', () => {
  it('finds open registries by the start of a word of the child’s name in any case, and no closed ones', async () => {
    const { client } = await signedIn(server);
    const open = await newRegistry(client, { childName: 'Tamar Goldberg' });
    const closed = await newRegistry(client, { childName: 'Tamara Goldfarb' });
    await setStatus(closed.id, 'closed');
    const found = (await new HttpClient(server.url).get('/api/registries/search?q=GOLD')).json as unknown as { id: string }[];
    expect(found.map((r) => r.id)).toContain(open.id);
    expect(found.map((r) => r.id)).not.toContain(closed.id);
    const both = (await new HttpClient(server.url).get('/api/registries/search?q=tamar%20gol')).json as unknown as { id: string }[];
    expect(both.map((r) => r.id)).toEqual([open.id]);
  });

  it('finds nothing by a fragment from the middle of a word', async () => {
    const { client } = await signedIn(server);
    const registry = await newRegistry(client, { childName: 'Yonatan Brightstone' });
    const visitor = new HttpClient(server.url);
    expect(((await visitor.get('/api/registries/search?q=Bri')).json as unknown as { id: string }[]).map((r) => r.id)).toContain(
      registry.id,
    );
    for (const fragment of ['ght', 'stone', 'natan', 'rightst']) {
      const response = await visitor.get(`/api/registries/search?q=${fragment}`);
      expect(response.status).toBe(200);
      expect(response.text, fragment).not.toContain('Brightstone');
    }
  });

  it.each(['', 'a', ' b ', 'st', 'ST', 'ab cd', 'a-b', '%%', '123'])('refuses %j: fewer than 3 letters of a word', async (q) => {
    const response = await new HttpClient(server.url).get(`/api/registries/search?q=${encodeURIComponent(q)}`);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      message: 'Type at least 3 letters of the child’s first or last name',
      errors: { q: 'Type at least 3 letters of the child’s first or last name' },
    });
  });

  it('refuses a repeated q and an overlong one, and matches % literally', async () => {
    const visitor = new HttpClient(server.url);
    expect((await visitor.get('/api/registries/search?q=abc&q=cde')).status).toBe(400);
    expect((await visitor.get(`/api/registries/search?q=${'a'.repeat(101)}`)).status).toBe(400);
    expect((await visitor.get('/api/registries/search?q=abc%25%25')).json).toEqual([]);
  });

  it('answers at most 20 registries, by name', async () => {
    // Five an account: a family opens a few registries, not 23.
    for (let index = 0; index < 23; index += 1)
      await newRegistry((await signedIn(server)).client, { childName: `Zimri Many ${String(index).padStart(2, '0')}` });
    const found = (await new HttpClient(server.url).get('/api/registries/search?q=zimri')).json as unknown as { childName: string }[];
    expect(found).toHaveLength(20);
    expect(found[0]!.childName).toBe('Zimri Many 00');
    expect(found[19]!.childName).toBe('Zimri Many 19');
  });
});

describe('unlisted registries', () => {
  it('are never found by search nor among the recent ones, yet open by their link', async () => {
    const owner = await signedIn(server);
    const unlisted = await newRegistry(owner.client, { childName: 'Ophira Quietwood', unlisted: true });
    const listed = await newRegistry(owner.client, { childName: 'Ophira Loudwood' });
    expect(unlisted.unlisted).toBe(true);
    expect(listed.unlisted).toBe(false);

    const visitor = new HttpClient(server.url);
    for (const q of ['Ophira', 'quietwood', 'ophira qui']) {
      const search = await visitor.get(`/api/registries/search?q=${encodeURIComponent(q)}`);
      expect(search.status).toBe(200);
      expect(search.text).not.toContain('Quietwood');
      expect(search.text).not.toContain(unlisted.id);
      expect(search.text).not.toContain(unlisted.shortCode);
    }
    expect((await visitor.get('/api/registries/search?q=ophira')).text).toContain(listed.id);
    const recent = await visitor.get('/api/registries/recent');
    expect(recent.text).toContain(listed.id);
    expect(recent.text).not.toContain(unlisted.id);
    expect(recent.text).not.toContain('Quietwood');

    for (const path of [`/api/registries/${unlisted.id}`, `/api/short-links/${unlisted.shortCode}`]) {
      const page = await visitor.get(path);
      expect(page.status, path).toBe(200);
      expect(page.json).toMatchObject({ id: unlisted.id, childName: 'Ophira Quietwood', isOwner: false });
      expect(page.json).not.toHaveProperty('unlisted');
    }
  });

  it('are marked so for their owner, on the registry and in their own list', async () => {
    const owner = await signedIn(server);
    const unlisted = await newRegistry(owner.client, { childName: 'Private Child', unlisted: true });
    expect(await ownerView(owner.client, unlisted.id)).toMatchObject({ isOwner: true, unlisted: true });
    const mine = (await owner.client.get('/api/registries/my')).json as unknown as { id: string; unlisted: boolean }[];
    expect(mine.find((r) => r.id === unlisted.id)?.unlisted).toBe(true);
  });

  it('can be unlisted and listed again from the edit call, and an edit without the field keeps it', async () => {
    const owner = await signedIn(server);
    const registry = await newRegistry(owner.client, { childName: 'Gavriel Switchback' });
    const body = { childName: 'Gavriel Switchback', celebrationDate: '2027-06-01', personalMessage: '', photoUrl: null };
    const visitor = new HttpClient(server.url);
    const searchText = async () => (await visitor.get('/api/registries/search?q=switchback')).text;

    expect((await owner.client.call('PUT', `/api/registries/${registry.id}`, { ...body, unlisted: true })).json).toMatchObject({
      unlisted: true,
    });
    expect(await searchText()).not.toContain(registry.id);
    expect((await owner.client.call('PUT', `/api/registries/${registry.id}`, body)).json).toMatchObject({ unlisted: true });
    expect(await searchText()).not.toContain(registry.id);
    expect((await owner.client.call('PUT', `/api/registries/${registry.id}`, { ...body, unlisted: false })).json).toMatchObject({
      unlisted: false,
    });
    expect(await searchText()).toContain(registry.id);
  });

  it.each([
    ['text', 'yes'],
    ['a number', 1],
    ['a list', [true]],
  ])('refuses %s for unlisted', async (_label, unlisted) => {
    const owner = await signedIn(server);
    const created = await owner.client.post('/api/registries', aRegistryBody({ unlisted }));
    expect(created.status).toBe(400);
    expect(created.json.errors).toHaveProperty('unlisted');
    const registry = await newRegistry(owner.client);
    const edited = await owner.client.call('PUT', `/api/registries/${registry.id}`, {
      childName: 'X Y',
      celebrationDate: '2027-06-01',
      unlisted,
    });
    expect(edited.status).toBe(400);
    expect(await ownerView(owner.client, registry.id)).toMatchObject({ unlisted: false });
  });

  it('cannot be unlisted by someone other than the owner', async () => {
    const owner = await signedIn(server);
    const registry = await newRegistry(owner.client, { childName: 'Shimon Kept' });
    const other = await signedIn(server);
    const response = await other.client.call('PUT', `/api/registries/${registry.id}`, {
      childName: 'Shimon Kept',
      celebrationDate: '2027-06-01',
      unlisted: true,
    });
    expect(response.status).toBe(403);
    expect(await ownerView(owner.client, registry.id)).toMatchObject({ unlisted: false });
  });
});

type Role = MatrixRole;

describe('the permission matrix', () => {
  const expected: Record<string, Record<Role, number>> = {
    'PUT /api/registries/:id': { visitor: 401, owner: 200, coOwner: 200, other: 403, admin: 403 },
    'PATCH /api/registries/:id/currency': { visitor: 401, owner: 200, coOwner: 200, other: 403, admin: 403 },
    // Deleting ends the registry for the owner too: the owner's alone.
    'DELETE /api/registries/:id': { visitor: 401, owner: 200, coOwner: 403, other: 403, admin: 403 },
    'GET /api/registries/:id': { visitor: 200, owner: 200, coOwner: 200, other: 200, admin: 200 },
    'GET /api/short-links/:code': { visitor: 200, owner: 200, coOwner: 200, other: 200, admin: 200 },
    'GET /api/registries/my': { visitor: 401, owner: 200, coOwner: 200, other: 200, admin: 200 },
    'GET /api/registries/search': { visitor: 200, owner: 200, coOwner: 200, other: 200, admin: 200 },
    'GET /api/registries/recent': { visitor: 200, owner: 200, coOwner: 200, other: 200, admin: 200 },
    'POST /api/registries': { visitor: 401, owner: 201, coOwner: 201, other: 201, admin: 201 },
  };

  async function call(route: string, client: HttpClient, registry: { id: string; shortCode: string }) {
    const [method, pattern] = route.split(' ') as [string, string];
    const path = pattern.replace(':id', registry.id).replace(':code', registry.shortCode).replace('/search', '/search?q=matrix');
    const body =
      method === 'PUT'
        ? { childName: 'Changed Name', celebrationDate: '2028-01-01', personalMessage: 'changed', photoUrl: null }
        : method === 'PATCH'
          ? { currency: 'CAD' }
          : method === 'POST'
            ? aRegistryBody({ childName: 'Matrix Child' })
            : undefined;
    return client.call(method, path, body);
  }

  for (const [route, statuses] of Object.entries(expected)) {
    for (const role of Object.keys(statuses) as Role[]) {
      it(`${route} as ${role} → ${statuses[role]}, and a refusal changes nothing`, async () => {
        const owner = await signedIn(server);
        const registry = await newRegistry(owner.client, { childName: 'Matrix Child' });
        const client = await clientAs(server, role, registry.id, owner.client);
        const before = await ownerView(owner.client, registry.id);
        const response = await call(route, client, registry);
        expect(response.status, response.text).toBe(statuses[role]);
        if (response.status >= 400) {
          expect(typeof response.json.message).toBe('string');
          expect(await ownerView(owner.client, registry.id)).toEqual(before);
        }
      });
    }
  }
});

describe('changing the currency and deleting', () => {
  it('changes the currency of an open registry without gifts, and only to USD or CAD', async () => {
    const { client } = await signedIn(server);
    const registry = await newRegistry(client);
    expect((await client.call('PATCH', `/api/registries/${registry.id}/currency`, { currency: 'EUR' })).status).toBe(400);
    expect((await client.call('PATCH', `/api/registries/${registry.id}/currency`, { currency: 'CAD', extra: 1 })).status).toBe(400);
    const changed = await client.call('PATCH', `/api/registries/${registry.id}/currency`, { currency: 'CAD' });
    expect(changed.json).toEqual({ message: 'Currency updated to CAD', currency: 'CAD' });
    expect((await ownerView(client, registry.id)).currency).toBe('CAD');
  });

  it.each([
    // A stranger's unpaid gift holds nothing: the family's action gives it up on the spot.
    ['only a pending gift', 'pending', 200],
    ['a succeeded gift', 'succeeded', 409],
    ['a gift being refunded', 'refunding', 409],
    ['only a failed gift', 'failed', 200],
  ] as const)('with %s, both answer %i', async (_label, paymentStatus, status) => {
    const { client } = await signedIn(server);
    const registry = await newRegistry(client);
    await addGift(registry.id, { paymentStatus });
    const currency = await client.call('PATCH', `/api/registries/${registry.id}/currency`, { currency: 'CAD' });
    expect(currency.status).toBe(status);
    const deleted = await client.call('DELETE', `/api/registries/${registry.id}`);
    expect(deleted.status).toBe(status);
    if (status === 409) {
      expect(currency.json.message).toMatch(/after receiving contributions/);
      expect((await ownerView(client, registry.id)).currency).toBe('USD');
    } else {
      expect((await client.get(`/api/registries/${registry.id}`)).status).toBe(404);
    }
  });

  it('refuses both once the registry is closed', async () => {
    const { client } = await signedIn(server);
    const registry = await newRegistry(client);
    await setStatus(registry.id, 'closed');
    expect((await client.call('PATCH', `/api/registries/${registry.id}/currency`, { currency: 'CAD' })).status).toBe(409);
    const deleted = await client.call('DELETE', `/api/registries/${registry.id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.json.message).toMatch(/closed/);
  });
});

describe('editing', () => {
  it('replaces the name, date, message and photo, and refuses other fields', async () => {
    const { client } = await signedIn(server);
    const registry = await newRegistry(client);
    const edited = await client.call('PUT', `/api/registries/${registry.id}`, {
      childName: 'Sarah-Rose Cohen',
      celebrationDate: '2027-06-01',
      personalMessage: '',
      photoUrl: null,
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({
      childName: 'Sarah-Rose Cohen',
      celebrationDate: '2027-06-01T00:00:00.000Z',
      personalMessage: null,
    });
    expect(
      (await client.call('PUT', `/api/registries/${registry.id}`, { childName: 'X', celebrationDate: '2027-06-01', currency: 'CAD' }))
        .status,
    ).toBe(400);
    expect(
      (await client.call('PUT', `/api/registries/${registry.id}`, { childName: '', celebrationDate: '2027-06-01' })).json.message,
    ).toBe("Child's name is required");
  });
});
