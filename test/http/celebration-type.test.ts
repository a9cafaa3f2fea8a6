import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../support/http-client';
import { signedIn } from '../support/accounts';
import { readOutbox } from '../support/outbox';
import { aRegistryBody, openRegistry } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let charity: { id: string; name: string };

beforeAll(async () => {
  server = await startTestServer();
  charity = ((await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string; name: string }[])[0]!;
});
afterAll(async () => {
  await server?.close();
});

describe('whose celebration it is', () => {
  it('is stored as the family chose it, shown to everyone, and kept as typed with the name', async () => {
    const { owner, registry } = await openRegistry(server, { childName: 'maya rose katz', celebrationType: 'bat' });
    expect(registry).toMatchObject({ childName: 'maya rose katz', celebrationType: 'bat' });
    const guestView = await new HttpClient(server.url).get(`/api/registries/${registry.id}`);
    expect(guestView.json).toMatchObject({ childName: 'maya rose katz', celebrationType: 'bat' });
    const mine = (await owner.client.get('/api/registries/my')).json as unknown as Record<string, unknown>[];
    expect(mine[0]).toMatchObject({ celebrationType: 'bat' });
  });

  it("defaults to the family not saying, so the product keeps saying 'Bar/Bat Mitzvah'", async () => {
    const { registry } = await openRegistry(server, {});
    expect(registry).toMatchObject({ celebrationType: 'unspecified' });
  });

  it('refuses an unknown choice with a clear 400 and creates nothing', async () => {
    const { client } = await signedIn(server);
    for (const celebrationType of ['bat-mitzvah', 'BAT', '']) {
      const response = await client.post('/api/registries', aRegistryBody({ celebrationType }));
      expect(response.status, celebrationType).toBe(400);
      expect(response.json.message).toMatch(
        /^Celebration must be one of bar \(Bar Mitzvah\), bat \(Bat Mitzvah\), bnai \(B'nai Mitzvah\) or unspecified/,
      );
    }
    for (const celebrationType of [1, null, ['bat']]) {
      const response = await client.post('/api/registries', aRegistryBody({ celebrationType }));
      expect(response.status, String(celebrationType)).toBe(400);
      expect(response.json.message).toMatch(/celebrationType/i);
    }
    expect((await client.get('/api/registries/my')).json).toEqual([]);
  });

  it('can be changed by the owner from the edit call, is kept when the edit leaves it out, and a bad one changes nothing', async () => {
    const { owner, registry } = await openRegistry(server, { childName: 'Noa and Ari Levi' });
    const base = { childName: 'Noa and Ari Levi', celebrationDate: '2027-06-01', personalMessage: '', photoUrl: null };
    const edited = await owner.client.call('PUT', `/api/registries/${registry.id}`, { ...base, celebrationType: 'bnai' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ celebrationType: 'bnai' });
    const without = await owner.client.call('PUT', `/api/registries/${registry.id}`, base);
    expect(without.json).toMatchObject({ celebrationType: 'bnai' });
    const bad = await owner.client.call('PUT', `/api/registries/${registry.id}`, {
      ...base,
      childName: 'Changed',
      celebrationType: 'twins',
    });
    expect(bad.status).toBe(400);
    expect((await owner.client.get(`/api/registries/${registry.id}`)).json).toMatchObject({
      childName: 'Noa and Ari Levi',
      celebrationType: 'bnai',
    });
    const stranger = await signedIn(server);
    expect((await stranger.client.call('PUT', `/api/registries/${registry.id}`, { ...base, celebrationType: 'bar' })).status).toBe(403);
    expect((await owner.client.get(`/api/registries/${registry.id}`)).json).toMatchObject({ celebrationType: 'bnai' });
  });

  it('names the celebration in the e-mail subjects', async () => {
    const { registry } = await openRegistry(server, { childName: 'Maya Katz', celebrationType: 'bat' }, { firstName: 'Dana' });
    const before = readOutbox(server.dataDir).length;
    const guest = new HttpClient(server.url);
    const intent = await guest.post('/api/create-payment-intent', {
      registryId: registry.id,
      charityId: charity.id,
      giftGiverName: 'Miriam Gold',
      giftGiverEmail: 'miriam.gold@example.com',
      amount: 36,
      personalMessage: '',
    });
    expect(intent.status, intent.text).toBe(201);
    await guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: '4242424242424242' });
    await server.mailWorker.drainOnce();
    const subjects = readOutbox(server.dataDir)
      .slice(before)
      .map((message) => message.subject);
    expect(subjects).toContain("Your gift to Maya Katz's Bat Mitzvah: receipt");
    expect(subjects).toContain("New gift from Miriam Gold for Maya Katz's Bat Mitzvah");
  });
});
