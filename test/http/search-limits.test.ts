import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { aRegistryBody } from '../support/registries';
import { stopSystemTimeAt } from '../support/system-time';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const FIRST_NAMES = [
  'Avigail',
  'Baruch',
  'Chaya',
  'Dov',
  'Eliana',
  'Fayga',
  'Gideon',
  'Hadas',
  'Itai',
  'Jonah',
  'Keren',
  'Liora',
  'Menachem',
  'Nava',
  'Oren',
  'Penina',
  'Quinn',
  'Rivka',
  'Shai',
  'Tova',
  'Uriel',
  'Vered',
  'Wendy',
  'Xander',
  'Yael',
  'Zev',
  'Ariella',
  'Boaz',
  'Carmel',
  'Dalia',
  'Ezra',
  'Frida',
  'Gila',
  'Hillel',
  'Idan',
  'Judah',
  'Kinneret',
  'Lev',
  'Micah',
  'Noga',
  'Ofir',
  'Pnina',
  'Raz',
  'Shoshana',
  'Tamir',
  'Udi',
  'Vardit',
  'Yoni',
];
const LAST_NAMES = [
  'Abramov',
  'Brodsky',
  'Cantor',
  'Dreyfus',
  'Eisen',
  'Feldman',
  'Ginsburg',
  'Horowitz',
  'Iskowitz',
  'Jaffe',
  'Kaplan',
  'Lerner',
];
/** 48 listed children, as in the report that found every one of them by three-letter prefixes. */
const CHILDREN = FIRST_NAMES.map((first, index) => `${first} ${LAST_NAMES[index % LAST_NAMES.length]}`);

interface Found {
  id: string;
  childName: string;
}

describe('search cannot list every child', () => {
  it('lists at most 50 registries an hour to one network, however its three-letter prefixes are chosen', async () => {
    const ids = new Set<string>();
    let client = (await signedIn(server)).client;
    for (const [index, childName] of CHILDREN.entries()) {
      // An account opens at most 5 registries an hour.
      if (index > 0 && index % 5 === 0) client = (await signedIn(server)).client;
      const response = await client.post('/api/registries', aRegistryBody({ childName }));
      expect(response.status, response.text).toBe(201);
      ids.add((response.json as unknown as Found).id);
    }

    // The enumerator's best case: of the 17,576 prefixes, only those that find someone, each sent
    // as soon as the limits allow, for a whole hour.
    const prefixes = [
      ...new Set(
        CHILDREN.flatMap((name) =>
          name
            .toLowerCase()
            .split(' ')
            .map((word) => word.slice(0, 3)),
        ),
      ),
    ];
    const time = stopSystemTimeAt(new Date());
    const enumerator = new HttpClient(server.url);
    const seen = new Set<string>();
    let listed = 0;
    let answered = 0;
    const waiting = [...prefixes];
    for (let minute = 0; minute < 60 && waiting.length > 0; minute += 1) {
      while (waiting.length > 0) {
        const response = await enumerator.get(`/api/registries/search?q=${waiting[0]}`);
        if (response.status === 429) {
          expect(response.json.message).toMatch(/^Too many searches from this network\. Please try again in \d+ minute\(s\)\.$/);
          expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
          break;
        }
        expect(response.status).toBe(200);
        waiting.shift();
        answered += 1;
        const found = response.json as unknown as Found[];
        listed += found.length;
        for (const registry of found) seen.add(registry.id);
      }
      time.advance(60_001);
    }
    expect(listed).toBeLessThanOrEqual(50);
    expect([...ids].filter((id) => seen.has(id)).length).toBeLessThan(CHILDREN.length);
    expect(answered).toBeLessThan(prefixes.length);

    // An hour on, the same network searches again: a person is never shut out for good.
    time.advance(60 * 60 * 1000);
    const later = await enumerator.get('/api/registries/search?q=avigail');
    expect(later.status).toBe(200);
    expect((later.json as unknown as Found[]).map((registry) => registry.childName)).toEqual(['Avigail Abramov']);
  }, 60_000);

  it('answers 30 searches a minute from one network, counting an IPv6 /64 as one network', async () => {
    const burst = new HttpClient(server.url, '203.0.113.77');
    const statuses: number[] = [];
    for (let i = 0; i < 34; i += 1) statuses.push((await burst.get('/api/registries/search?q=nobodyhere')).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429]);

    const rotating = Array.from({ length: 34 }, (_, index) => new HttpClient(server.url, `2001:db8:77:1::${(index + 1).toString(16)}`));
    const fromOneNetwork: number[] = [];
    for (const client of rotating) fromOneNetwork.push((await client.get('/api/registries/search?q=nobodyhere')).status);
    expect(fromOneNetwork.filter((status) => status === 200)).toHaveLength(30);
    // Another network is not held back by them.
    expect((await new HttpClient(server.url, '2001:db8:78:1::1').get('/api/registries/search?q=nobodyhere')).status).toBe(200);
  });
});
