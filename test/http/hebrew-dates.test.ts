import { nodeSecretTokens } from '../../adapters/security/node-secret-tokens';
import { derivedGuestLinkTokens } from '../../adapters/security/derived-guest-link-tokens';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { InMemoryPhotoStore } from '../../adapters/in-memory/in-memory-photo-store';
import { createInvitationService } from '@core/invitation/invitation-service';
import { createRegistryService } from '@core/registry/registry-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharePreviews } from '../../adapters/http/share-preview';
import { visitorRegistryView } from '../../adapters/http/visitor-registry-view';
import { HttpClient } from '../support/http-client';
import { signedIn } from '../support/accounts';
import { aRegistryBody } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const VAYESHEV = {
  date: '25 Kislev 5787',
  hebrew: 'כ״ה כסלו תשפ״ז',
  reading: { name: 'Parashat Vayeshev', hebrew: 'פרשת וישב', festival: false },
};
// Shabbat 14 Sivan 5787: the diaspora reads Nasso, Israel already Beha'alotcha.
const SPLIT_WEEK = '2027-06-19';

describe('GET /api/hebrew-date', () => {
  it('answers anyone the Hebrew date of a day and the reading of a Shabbat, by the diaspora’s schedule unless asked for Israel’s', async () => {
    const visitor = new HttpClient(server.url);
    expect((await visitor.get('/api/hebrew-date?date=2026-12-05')).json).toEqual(VAYESHEV);
    expect((await visitor.get(`/api/hebrew-date?date=${SPLIT_WEEK}`)).json).toMatchObject({
      date: '14 Sivan 5787',
      reading: { name: 'Parashat Nasso' },
    });
    expect((await visitor.get(`/api/hebrew-date?date=${SPLIT_WEEK}&calendar=diaspora`)).json).toMatchObject({
      reading: { name: 'Parashat Nasso' },
    });
    expect((await visitor.get(`/api/hebrew-date?date=${SPLIT_WEEK}&calendar=israel`)).json).toMatchObject({
      reading: { name: 'Parashat Beha’alotcha' },
    });
    expect((await visitor.get('/api/hebrew-date?date=2026-12-08')).json).toEqual({
      date: '28 Kislev 5787',
      hebrew: 'כ״ח כסלו תשפ״ז',
      reading: null,
    });
  });

  it.each([
    ['no date', '', 'date'],
    ['an empty date', '?date=', 'date'],
    ['a day that does not exist', '?date=2027-02-30', 'date'],
    ['a date-time', '?date=2027-02-03T00:00:00Z', 'date'],
    ['words', '?date=next%20spring', 'date'],
    ['a year out of range', '?date=0202-05-01', 'date'],
    ['an unknown calendar', '?date=2027-05-01&calendar=jerusalem', 'calendar'],
    ['a repeated date', '?date=2027-05-01&date=2027-05-02', 'date'],
    ['an unknown parameter', '?date=2027-05-01&israel=true', 'israel'],
  ])('refuses %s with a message for its field', async (_label, query, field) => {
    const response = await new HttpClient(server.url).get(`/api/hebrew-date${query}`);
    expect(response.status).toBe(400);
    expect(typeof response.json.message).toBe('string');
    expect(response.json.errors).toHaveProperty(field);
  });
});

describe('a registry’s Torah-reading schedule', () => {
  it('is the diaspora’s unless the family chooses Israel, and every view carries the Hebrew date it names', async () => {
    const { client } = await signedIn(server);
    const diaspora = await client.post('/api/registries', aRegistryBody({ celebrationDate: SPLIT_WEEK }));
    expect(diaspora.status).toBe(201);
    expect(diaspora.json).toMatchObject({
      hebrewCalendar: 'diaspora',
      hebrewDate: { date: '14 Sivan 5787', reading: { name: 'Parashat Nasso' } },
    });

    const israel = await client.post(
      '/api/registries',
      aRegistryBody({ childName: 'Tamar Israeli', celebrationDate: SPLIT_WEEK, hebrewCalendar: 'israel' }),
    );
    expect(israel.status).toBe(201);
    const id = String(israel.json.id);
    expect(israel.json).toMatchObject({
      hebrewCalendar: 'israel',
      hebrewDate: { reading: { name: 'Parashat Beha’alotcha', hebrew: 'פרשת בהעלתך' } },
    });

    const guestView = (await new HttpClient(server.url).get(`/api/registries/${id}`)).json;
    expect(guestView).toMatchObject({
      isOwner: false,
      hebrewCalendar: 'israel',
      hebrewDate: { date: '14 Sivan 5787', reading: { name: 'Parashat Beha’alotcha' } },
    });
    const mine = (await client.get('/api/registries/my')).json as unknown as { id: string; hebrewDate: unknown }[];
    expect(mine.find((row) => row.id === id)?.hebrewDate).toMatchObject({ reading: { name: 'Parashat Beha’alotcha' } });
    const found = (await client.get('/api/registries/search?q=tamar')).json as unknown as { id: string; hebrewDate: unknown }[];
    expect(found.find((row) => row.id === id)?.hebrewDate).toMatchObject({ date: '14 Sivan 5787' });
  });

  it('is changed by the edit call, and kept by an edit without it', async () => {
    const { client } = await signedIn(server);
    const created = await client.post('/api/registries', aRegistryBody({ celebrationDate: SPLIT_WEEK }));
    const id = String(created.json.id);
    const body = { childName: 'Sarah Cohen', celebrationDate: SPLIT_WEEK, personalMessage: '', photoUrl: null };
    expect((await client.call('PUT', `/api/registries/${id}`, { ...body, hebrewCalendar: 'israel' })).json).toMatchObject({
      hebrewCalendar: 'israel',
      hebrewDate: { reading: { name: 'Parashat Beha’alotcha' } },
    });
    expect((await client.call('PUT', `/api/registries/${id}`, { ...body, celebrationDate: '2026-12-05' })).json).toMatchObject({
      hebrewCalendar: 'israel',
      hebrewDate: VAYESHEV,
    });
    expect((await client.call('PUT', `/api/registries/${id}`, { ...body, hebrewCalendar: 'diaspora' })).json).toMatchObject({
      hebrewCalendar: 'diaspora',
      hebrewDate: { reading: { name: 'Parashat Nasso' } },
    });
  });

  it.each([
    ['another place', 'jerusalem'],
    ['a flag', true],
    ['a number', 1],
    ['a list', ['israel']],
    ['capitals', 'Israel'],
  ])('refuses %s for the schedule and changes nothing', async (_label, hebrewCalendar) => {
    const { client } = await signedIn(server);
    const refused = await client.post('/api/registries', aRegistryBody({ hebrewCalendar }));
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toHaveProperty('hebrewCalendar');
    expect((await client.get('/api/registries/my')).json).toEqual([]);

    const created = await client.post('/api/registries', aRegistryBody());
    const id = String(created.json.id);
    const edited = await client.call('PUT', `/api/registries/${id}`, {
      childName: 'Sarah Cohen',
      celebrationDate: '2027-06-01',
      hebrewCalendar,
    });
    expect(edited.status).toBe(400);
    expect(edited.json.errors).toHaveProperty('hebrewCalendar');
    expect((await client.get(`/api/registries/${id}`)).json).toMatchObject({
      hebrewCalendar: 'diaspora',
      celebrationDate: '2027-05-16T00:00:00.000Z',
    });
  });

  it('is the owner’s to change: a visitor gets 401, another user 403, an unknown registry 404', async () => {
    const owner = await signedIn(server);
    const id = String((await owner.client.post('/api/registries', aRegistryBody())).json.id);
    const body = { childName: 'Sarah Cohen', celebrationDate: '2027-05-16', hebrewCalendar: 'israel' };
    expect((await new HttpClient(server.url).call('PUT', `/api/registries/${id}`, body)).status).toBe(401);
    expect((await (await signedIn(server)).client.call('PUT', `/api/registries/${id}`, body)).status).toBe(403);
    expect((await owner.client.call('PUT', '/api/registries/00000000-0000-4000-8000-000000000000', body)).status).toBe(404);
    expect((await owner.client.get(`/api/registries/${id}`)).json).toMatchObject({ hebrewCalendar: 'diaspora' });
  });
});

describe('a shared link’s preview', () => {
  it('gives the Hebrew date and the Shabbat’s parashah in its description', async () => {
    const { client } = await signedIn(server);
    const created = (
      await client.post(
        '/api/registries',
        aRegistryBody({ childName: 'Eitan Preview', celebrationDate: SPLIT_WEEK, hebrewCalendar: 'israel' }),
      )
    ).json;
    // The previews' reads, built over the server's database as bootstrap builds them.
    const { repositories } = server.infrastructure;
    const [appUrl, supportEmail] = ['https://gifts.example.org', 'help@gifts.example.org'];
    const registries = createRegistryService({
      repositories,
      photos: new InMemoryPhotoStore(),
      newShortCode: () => crypto.randomUUID().slice(0, 8),
      gateway: new InMemoryPaymentGateway(),
      appUrl,
      supportEmail,
    });
    const linkTokens = derivedGuestLinkTokens('a test secret for the guests’ personal links');
    const invitations = createInvitationService({
      repositories,
      tokens: nodeSecretTokens,
      linkTokens,
      clock: { now: () => new Date() },
      appUrl,
    });
    const preview = await sharePreviews({
      registries,
      invitations,
      registryView: visitorRegistryView(registries),
      photos: { owns: () => false },
      publicUrl: appUrl,
    })(`/r/${String(created.shortCode)}`);
    expect(preview?.description).toMatch(/^Celebrating on June 19, 2027 \(14 Sivan 5787 · Parashat Beha’alotcha\)\. Give a gift online/);
  });
});
