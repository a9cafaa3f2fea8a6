import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_GUESTS_PER_REGISTRY } from '@core/model/guest';
import { clientAs, signedIn, signedInCoOwner, type MatrixRole } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { openRegistry } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const CSV = { 'Content-Type': 'text/csv' };

type Listed = {
  guests: {
    id: string;
    name: string;
    email: string;
    partySize: number;
    street: string | null;
    city: string | null;
    postalCode: string | null;
  }[];
  counts: { guests: number; people: number };
};

async function guestList(client: HttpClient, registryId: string): Promise<Listed> {
  const response = await client.get(`/api/registries/${registryId}/guests`);
  expect(response.status, response.text).toBe(200);
  return response.json as unknown as Listed;
}

function importCsv(client: HttpClient, registryId: string, text: string) {
  return client.call('POST', `/api/registries/${registryId}/guests`, text, CSV);
}

describe('adding guests one by one', () => {
  it('adds a guest, merges a second one with the same e-mail into the first, and counts households and people', async () => {
    const { owner, registry } = await openRegistry(server);
    const added = await owner.client.post(`/api/registries/${registry.id}/guests`, {
      name: 'Aunt Dora',
      email: 'Dora@Example.com',
      partySize: 2,
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json).toMatchObject({ added: [{ name: 'Aunt Dora', email: 'dora@example.com', partySize: 2, street: null }], merged: [] });

    const again = await owner.client.post(`/api/registries/${registry.id}/guests`, {
      name: 'Dora Levi',
      email: 'dora@example.com',
      partySize: 3,
      city: 'Toronto',
    });
    expect(again.json).toMatchObject({ added: [], merged: [{ name: 'Dora Levi', partySize: 3, city: 'Toronto' }] });
    await owner.client.post(`/api/registries/${registry.id}/guests`, { name: 'Ben Cohen', email: 'ben@example.com' });

    const list = await guestList(owner.client, registry.id);
    expect(list.guests.map((guest) => [guest.name, guest.partySize])).toEqual([
      ['Ben Cohen', 1],
      ['Dora Levi', 3],
    ]);
    expect(list.counts).toMatchObject({ guests: 2, people: 4 });
  });

  it('refuses a bad guest with the field’s message and keeps nothing', async () => {
    const { owner, registry } = await openRegistry(server);
    const cases: [unknown, string, string][] = [
      [{ name: '', email: 'a@example.com' }, 'name', 'Name is required'],
      [{ name: 'Ann', email: 'not-an-email' }, 'email', 'Enter a valid email'],
      [{ name: 'Ann', email: 'a@example.com', partySize: 0 }, 'partySize', 'Party size must be at least 1'],
      [{ name: 'Ann', email: 'a@example.com', partySize: 21 }, 'partySize', 'Party size must be at most 20'],
      [{ name: 'Ann\nBcc: x@example.com', email: 'a@example.com' }, 'name', 'Name cannot contain line breaks or control characters'],
      [{ name: 'Ann', email: 'a@example.com', invitedAt: 'now' }, 'invitedAt', 'Unknown field'],
    ];
    for (const [body, field, message] of cases) {
      const refused = await owner.client.post(`/api/registries/${registry.id}/guests`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect((refused.json.errors as Record<string, string>)[field]).toBe(message);
    }
    expect((await guestList(owner.client, registry.id)).counts).toMatchObject({ guests: 0, people: 0 });
  });
});

describe('importing a CSV list', () => {
  it('reads a list with a heading line in any column order, quoted cells included, and merges the same e-mail', async () => {
    const { owner, registry } = await openRegistry(server);
    await owner.client.post(`/api/registries/${registry.id}/guests`, {
      name: 'Grandma Ruth',
      email: 'ruth@example.com',
      street: '1 Old Rd',
    });
    const text = [
      '\uFEFFE-mail,Name,Party size,Address,City,State,ZIP,Country',
      'ben@example.com,"Cohen, Ben and Tova",2,"12 Elm St, Apt 3",Toronto,ON,M5V 2T6,Canada',
      '',
      'RUTH@example.com,Grandma Ruth Levi,1,,,,,',
      'ben@example.com,"The Cohens",4,,,,,',
    ].join('\r\n');
    const imported = await importCsv(owner.client, registry.id, text);
    expect(imported.status, imported.text).toBe(201);
    expect((imported.json.added as { name: string }[]).map((guest) => guest.name)).toEqual(['The Cohens']);
    expect((imported.json.merged as { name: string }[]).map((guest) => guest.name)).toEqual(['Grandma Ruth Levi']);
    const list = await guestList(owner.client, registry.id);
    expect(list.guests).toMatchObject([
      { name: 'Grandma Ruth Levi', email: 'ruth@example.com', street: '1 Old Rd' },
      { name: 'The Cohens', email: 'ben@example.com', partySize: 4, street: '12 Elm St, Apt 3', city: 'Toronto', postalCode: 'M5V 2T6' },
    ]);
    expect(list.counts).toMatchObject({ guests: 2, people: 5 });
  });

  it('reads a list pasted without a heading in the documented column order', async () => {
    const { owner, registry } = await openRegistry(server);
    const imported = await importCsv(owner.client, registry.id, 'Miriam Katz,miriam@example.com,3\nNoam Bar,noam@example.com\n');
    expect(imported.status, imported.text).toBe(201);
    expect((await guestList(owner.client, registry.id)).guests.map((guest) => [guest.name, guest.partySize])).toEqual([
      ['Miriam Katz', 3],
      ['Noam Bar', 1],
    ]);
  });

  it('refuses the whole list when lines cannot be read, naming each line and why, and imports nothing', async () => {
    const { owner, registry } = await openRegistry(server);
    const text = [
      'name,email,party size',
      'Dora,dora@example.com,2',
      'Ben,not-an-email,1',
      ',noname@example.com,1',
      'Tova,tova@example.com,two',
      'Eli,eli@example.com,1,extra',
    ].join('\n');
    const refused = await importCsv(owner.client, registry.id, text);
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('4 lines could not be read. Nothing was imported: correct the list and import it again.');
    expect(refused.json.errors).toEqual({
      'line 3': 'Enter a valid email',
      'line 4': 'Name is required',
      'line 5': 'Party size must be a whole number',
      'line 6': 'This line has 4 cells; the columns are 3',
    });
    expect((await guestList(owner.client, registry.id)).counts.guests).toBe(0);

    const one = await importCsv(owner.client, registry.id, 'name,email\nDora,dora.example.com\n');
    expect(one.json.message).toBe('Line 2: Enter a valid email. Nothing was imported: correct the list and import it again.');
  });

  it('names an unknown column, a quote never closed, an empty list and a file that is not UTF-8', async () => {
    const { owner, registry } = await openRegistry(server);
    const unknown = await importCsv(owner.client, registry.id, 'name,email,shoe size\nDora,dora@example.com,8\n');
    expect(unknown.json.errors).toEqual({
      'line 1': 'Unknown column “shoe size”: the columns are name, email, party size, street, city, state, zip, country',
    });
    const unclosed = await importCsv(owner.client, registry.id, 'name,email\nDora,dora@example.com\n"Ben,ben@example.com\n');
    expect(unclosed.status).toBe(400);
    expect(Object.keys(unclosed.json.errors as object)).toEqual(['line 3']);
    expect((await importCsv(owner.client, registry.id, '\n\n')).json.message).toBe('The list is empty: put one guest on each line');
    const latin1 = await owner.client.call(
      'POST',
      `/api/registries/${registry.id}/guests`,
      new Uint8Array([0x4a, 0xf6, 0x72, 0x67, 0x2c, 0x6a, 0x40, 0x65, 0x2e, 0x63, 0x6f]),
      CSV,
    );
    expect(latin1.status).toBe(400);
    expect(latin1.json.message).toBe('The file is not UTF-8 text: save it as “CSV UTF-8” and import it again');
    expect((await guestList(owner.client, registry.id)).counts.guests).toBe(0);
  });

  it(`holds at most ${MAX_GUESTS_PER_REGISTRY} guests, and says so past it, keeping nothing of the list`, async () => {
    const { owner, registry } = await openRegistry(server);
    const lines = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, index) => `Guest ${from + index},guest${from + index}@example.com,1`).join('\n');
    expect((await importCsv(owner.client, registry.id, lines(0, MAX_GUESTS_PER_REGISTRY - 1))).status).toBe(201);
    const past = await importCsv(owner.client, registry.id, lines(MAX_GUESTS_PER_REGISTRY - 1, MAX_GUESTS_PER_REGISTRY + 1));
    expect(past.status).toBe(400);
    expect(past.json.message).toBe(
      `A guest list can hold at most ${MAX_GUESTS_PER_REGISTRY} guests; this would make ${MAX_GUESTS_PER_REGISTRY + 1}. Remove some first.`,
    );
    expect((await guestList(owner.client, registry.id)).counts.guests).toBe(MAX_GUESTS_PER_REGISTRY - 1);
    // A line for a guest already there adds nobody, so it still fits.
    expect(
      (
        await importCsv(
          owner.client,
          registry.id,
          `Guest 0 Renamed,guest0@example.com,2\n${lines(MAX_GUESTS_PER_REGISTRY - 1, MAX_GUESTS_PER_REGISTRY)}`,
        )
      ).status,
    ).toBe(201);
    expect((await guestList(owner.client, registry.id)).counts).toMatchObject({
      guests: MAX_GUESTS_PER_REGISTRY,
      people: MAX_GUESTS_PER_REGISTRY + 1,
    });
  });
});

describe('the guest list’s privacy', () => {
  it('removes a guest for the family, and a stranger can neither read nor remove one', async () => {
    const { owner, registry } = await openRegistry(server);
    const [guest] = (await owner.client.post(`/api/registries/${registry.id}/guests`, { name: 'Dora', email: 'dora@example.com' })).json
      .added as { id: string }[];
    const stranger = (await signedIn(server)).client;
    expect((await stranger.call('DELETE', `/api/guests/${guest!.id}`)).status).toBe(403);
    expect((await new HttpClient(server.url).call('DELETE', `/api/guests/${guest!.id}`)).status).toBe(401);
    expect((await guestList(owner.client, registry.id)).counts.guests).toBe(1);
    const removed = await owner.client.call('DELETE', `/api/guests/${guest!.id}`);
    expect(removed.json).toEqual({ message: 'Guest removed' });
    expect((await owner.client.call('DELETE', `/api/guests/${guest!.id}`)).status).toBe(404);
    expect((await guestList(owner.client, registry.id)).counts.guests).toBe(0);
  });

  type Role = MatrixRole;
  const expected: Record<string, Record<Role, number>> = {
    'GET /api/registries/:id/guests': { visitor: 401, owner: 200, coOwner: 200, other: 403, admin: 403 },
    'POST /api/registries/:id/guests (JSON)': { visitor: 401, owner: 201, coOwner: 201, other: 403, admin: 403 },
    'POST /api/registries/:id/guests (CSV)': { visitor: 401, owner: 201, coOwner: 201, other: 403, admin: 403 },
    'DELETE /api/guests/:id': { visitor: 401, owner: 200, coOwner: 200, other: 403, admin: 403 },
    'POST /api/registries/:id/guests/:guestId/link': { visitor: 401, owner: 200, coOwner: 200, other: 403, admin: 403 },
  };

  for (const [route, statuses] of Object.entries(expected)) {
    for (const role of Object.keys(statuses) as Role[]) {
      it(`${route} as ${role} → ${statuses[role]}, and a refusal changes nothing`, async () => {
        const { owner, registry } = await openRegistry(server);
        const [guest] = (await owner.client.post(`/api/registries/${registry.id}/guests`, { name: 'Dora', email: 'dora@example.com' })).json
          .added as { id: string }[];
        const client = await clientAs(server, role, registry.id, owner.client);
        const before = await guestList(owner.client, registry.id);
        const path = `/api/registries/${registry.id}/guests`;
        const response = route.startsWith('GET')
          ? await client.get(path)
          : route.endsWith('(JSON)')
            ? await client.post(path, { name: 'Ben', email: 'ben@example.com' })
            : route.endsWith('(CSV)')
              ? await importCsv(client, registry.id, 'name,email\nBen,ben@example.com\n')
              : route.endsWith('/link')
                ? await client.post(`${path}/${guest!.id}/link`, {})
                : await client.call('DELETE', `/api/guests/${guest!.id}`);
        expect(response.status, response.text).toBe(statuses[role]);
        if (response.status >= 400) {
          expect(typeof response.json.message).toBe('string');
          expect(await guestList(owner.client, registry.id)).toEqual(before);
        }
      });
    }
  }

  it('answers a stranger’s bad list as not theirs, not with what is wrong in it', async () => {
    const { registry } = await openRegistry(server);
    const stranger = (await signedIn(server)).client;
    expect((await importCsv(stranger, registry.id, '"unclosed')).status).toBe(403);
    expect((await stranger.post(`/api/registries/${registry.id}/guests`, { name: '' })).status).toBe(403);
  });

  it('answers 404 for a registry that does not exist', async () => {
    const { client } = await signedIn(server);
    expect((await client.get('/api/registries/00000000-0000-4000-8000-000000000000/guests')).status).toBe(404);
    expect((await client.get('/api/registries/not-a-uuid/guests')).status).toBe(404);
  });
});

describe('the guests’ postal addresses', () => {
  it('downloads as CSV the guests with a street and a city, by name, a formula made harmless, for the family alone', async () => {
    const { owner, registry } = await openRegistry(server);
    const text = [
      'name,email,street,city,state,zip,country',
      'Zev Stern,zev@example.com,"12 Elm St, Apt 3",Toronto,ON,M5V 2T6,Canada',
      'Dora Levi,dora@example.com,,,,,',
      '=HYPERLINK(1),ann@example.com,1 Main St,Boston,MA,02118,',
      'Ben Cohen,ben@example.com,9 Oak Ave,,,,',
    ].join('\n');
    expect((await importCsv(owner.client, registry.id, text)).status).toBe(201);
    const file = await owner.client.download('GET', `/api/registries/${registry.id}/guests/addresses`);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('Content-Disposition')).toBe('attachment; filename="guest-addresses.csv"');
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(file.bytes)).toBe(
      '\uFEFFName,Street,City,State or province,ZIP or postal code,Country\r\n' +
        `"'=HYPERLINK(1)",1 Main St,Boston,MA,02118,\r\n` +
        'Zev Stern,"12 Elm St, Apt 3",Toronto,ON,M5V 2T6,Canada\r\n',
    );

    const stranger = (await signedIn(server)).client;
    expect((await stranger.download('GET', `/api/registries/${registry.id}/guests/addresses`)).status).toBe(403);
    expect((await new HttpClient(server.url).download('GET', `/api/registries/${registry.id}/guests/addresses`)).status).toBe(401);
    expect(
      (await (await signedInCoOwner(server, registry.id)).client.download('GET', `/api/registries/${registry.id}/guests/addresses`)).status,
    ).toBe(200);
  });
});
