import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, signedInCoOwner } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { openRegistry, paidGiftThroughSandbox } from '../support/registries';
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

interface Row {
  id: string;
  giftGiverName: string;
  thankYouNote: { status: string } | null;
}
interface Page {
  q: string;
  page: number;
  pageCount: number;
  pageSize: number;
  matching: number;
  progress: { contributors: number; sent: number; draft: number; notDelivered: number; noCard: number };
  contributors: Row[];
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** 52 contributors: 50 given by hand on 50 different days, then Miriam and Noam paying online, today. */
async function familyOfFiftyTwo() {
  const { owner, registry } = await openRegistry(server);
  for (let index = 0; index < 50; index += 1) {
    const recorded = await owner.client.post(`/api/registries/${registry.id}/offline-gifts`, {
      giftGiverName: `Guest ${String(index + 1).padStart(2, '0')}`,
      giftGiverEmail: index === 0 ? 'first.guest@example.com' : '',
      amount: 18,
      method: 'cash',
      receivedOn: daysAgo(index + 2),
      note: '',
    });
    expect(recorded.status, recorded.text).toBeLessThan(300);
  }
  await paidGiftThroughSandbox(server, { registryId: registry.id, charityId, name: 'Miriam', amount: 36 });
  await paidGiftThroughSandbox(server, { registryId: registry.id, charityId, name: 'Noam', amount: 36 });
  const path = `/api/registries/${registry.id}/contributors`;
  const page = async (query: string, client = owner.client) => {
    const response = await client.get(`${path}?${query}`);
    expect(response.status, response.text).toBe(200);
    return response.json as unknown as Page;
  };
  return { owner, registry, path, page };
}

describe('GET /api/registries/{id}/contributors, a page at a time', () => {
  it('answers 50 a page, newest first, the pages together being the whole list', async () => {
    const { owner, path, page } = await familyOfFiftyTwo();
    const whole = (await owner.client.get(path)).json as unknown as Row[];
    expect(whole).toHaveLength(52);
    const [first, second, third] = [await page('page=1'), await page('page=2'), await page('page=3')];
    expect(first).toMatchObject({ q: '', page: 1, pageCount: 2, pageSize: 50, matching: 52 });
    expect(first.contributors).toHaveLength(50);
    expect(first.contributors.slice(0, 3).map((row) => row.giftGiverName)).toEqual(['Noam', 'Miriam', 'Guest 01']);
    expect(second.contributors.map((row) => row.giftGiverName)).toEqual(['Guest 49', 'Guest 50']);
    expect(third).toMatchObject({ page: 3, matching: 52, contributors: [] });
    expect([...first.contributors, ...second.contributors]).toEqual(whole);
    // A search alone answers its first page.
    expect((await page('q=')).contributors).toEqual(first.contributors);
  });

  it('searches by name or e-mail, whatever the case, and counts every card whatever the search', async () => {
    const { owner, page } = await familyOfFiftyTwo();
    const first = await page('page=1');
    const [noam, miriam] = first.contributors;
    const draft = await owner.client.post('/api/thank-you-notes', {
      giftId: miriam!.id,
      templateId: 'nature',
      customMessage: 'Thank you, Miriam!',
      imageUrls: [],
      imageSize: 'medium',
    });
    const toSend = await owner.client.post('/api/thank-you-notes', {
      giftId: noam!.id,
      templateId: 'warm',
      customMessage: 'Thank you, Noam!',
      imageUrls: [],
      imageSize: 'medium',
    });
    expect((await owner.client.post(`/api/thank-you-notes/${toSend.json.id}/send`, {})).status).toBe(200);
    expect(draft.status).toBe(200);

    const progress = { contributors: 52, sent: 1, draft: 1, notDelivered: 0, noCard: 50 };
    const byName = await page('q=NOAM');
    expect(byName).toMatchObject({ q: 'NOAM', page: 1, pageCount: 1, matching: 1, progress });
    expect(byName.contributors.map((row) => [row.giftGiverName, row.thankYouNote?.status])).toEqual([['Noam', 'sent']]);
    const byEmail = await page('q=%20First.Guest%40');
    expect(byEmail).toMatchObject({ q: 'First.Guest@', matching: 1, progress });
    expect(byEmail.contributors.map((row) => row.giftGiverName)).toEqual(['Guest 01']);
    expect((await page('q=guest%204')).contributors.map((row) => row.giftGiverName)).toEqual(
      ['40', '41', '42', '43', '44', '45', '46', '47', '48', '49'].map((n) => `Guest ${n}`),
    );
    const none = await page('q=nobody');
    expect(none).toMatchObject({ matching: 0, pageCount: 1, contributors: [], progress });
    // The message is not searched, and neither is the amount.
    expect((await page('q=thank%20you')).matching).toBe(0);
  });

  it('answers the owner and co-owners alone, a stranger learning nothing even from a bad query', async () => {
    const { registry, path, page } = await familyOfFiftyTwo();
    const coOwner = await signedInCoOwner(server, registry.id);
    expect((await page('page=2', coOwner.client)).contributors).toHaveLength(2);
    const stranger = (await signedIn(server)).client;
    expect((await stranger.get(`${path}?page=1`)).status).toBe(403);
    expect((await stranger.get(`${path}?page=zero`)).status).toBe(403);
    expect((await new HttpClient(server.url).get(`${path}?page=1`)).status).toBe(401);
    expect((await coOwner.client.get('/api/registries/00000000-0000-4000-8000-000000000000/contributors?page=1')).status).toBe(404);
  });

  it.each([
    ['page 0', 'page=0', 'page'],
    ['a page that is not a number', 'page=two', 'page'],
    ['a page beyond 1000', 'page=1001', 'page'],
    ['a page given twice', 'page=1&page=2', 'page'],
    ['a search of 201 characters', `q=${'a'.repeat(201)}`, 'q'],
    ['an unknown parameter', 'sort=giver', 'sort'],
  ])('refuses %s with 400, naming the field, and changes nothing', async (_label, query, field) => {
    const { owner, registry } = await openRegistry(server);
    await paidGiftThroughSandbox(server, { registryId: registry.id, charityId, name: 'Miriam', amount: 36 });
    const path = `/api/registries/${registry.id}/contributors`;
    const page = async () => (await owner.client.get(`${path}?page=1`)).json;
    const before = await page();
    const response = await owner.client.get(`${path}?${query}`);
    expect(response.status).toBe(400);
    expect(typeof response.json.message).toBe('string');
    expect(Object.keys(response.json.errors as object)).toEqual([field]);
    expect(await page()).toEqual(before);
    expect(before).toMatchObject({ matching: 1, progress: { contributors: 1, noCard: 1 } });
  });
});
