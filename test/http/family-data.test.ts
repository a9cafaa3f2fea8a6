import { parse } from 'csv-parse/sync';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../adapters/cli/admin-commands';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { signedIn, signedInCoOwner } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { pngBytes } from '../support/images';
import { readOutbox } from '../support/outbox';
import { openRegistry } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';
import { aCheckPayout } from '../support/builders';

let server: TestServer;
let charities: { id: string; name: string }[];
let admin: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  charities = (await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string; name: string }[];
  admin = (await signedIn(server, { admin: true })).client;
});
afterAll(async () => {
  await server?.close();
});

const CHECK = aCheckPayout();
type Json = Record<string, unknown>;

async function give(registryId: string, name: string, amount: number, card = '4242424242424242') {
  const guest = new HttpClient(server.url);
  const intent = await guest.post('/api/create-payment-intent', {
    registryId,
    charityId: charities[0]!.id,
    giftGiverName: name,
    giftGiverEmail: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
    amount,
    personalMessage: `Mazel tov from ${name}!`,
  });
  expect(intent.status, intent.text).toBe(201);
  expect((await guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: card })).status).toBeLessThan(300);
}

/** A family with two gifts paid online, one given by hand, a card sent and a co-owner. */
async function familyWithHistory() {
  const { owner, registry } = await openRegistry(server, { childName: 'Noa Levi' }, { firstName: 'Dana' });
  await give(registry.id, 'Miriam Gold', 36);
  await give(registry.id, 'Avi Stern', 100);
  const byHand = await owner.client.post(`/api/registries/${registry.id}/offline-gifts`, {
    giftGiverName: 'Aunt Dora',
    giftGiverEmail: 'dora@example.com',
    amount: 54,
    method: 'check',
    receivedOn: '2026-11-20',
    note: 'In the card box',
  });
  expect(byHand.status, byHand.text).toBe(201);
  const contributors = (await owner.client.get(`/api/registries/${registry.id}/contributors`)).json as unknown as {
    id: string;
    giftGiverName: string;
  }[];
  const miriam = contributors.find((gift) => gift.giftGiverName === 'Miriam Gold')!;
  const note = await owner.client.post('/api/thank-you-notes', {
    giftId: miriam.id,
    templateId: 'warm',
    customMessage: 'Dear Miriam, thank you!',
    imageUrls: [],
    imageSize: 'medium',
  });
  expect(note.status, note.text).toBe(200);
  expect((await owner.client.post(`/api/thank-you-notes/${note.json.id}/send`, {})).status).toBe(200);
  await owner.client.call('PUT', `/api/registries/${registry.id}/payout-info`, CHECK);
  const coOwner = await signedInCoOwner(server, registry.id, { firstName: 'Yoni' });
  return { owner, registry, coOwner };
}

async function exportOf(client: HttpClient, format: 'json' | 'csv' = 'json') {
  return client.download('GET', `/api/account/export?format=${format}`);
}

const jsonOf = (bytes: Uint8Array) =>
  JSON.parse(strFromU8(bytes)) as Json & {
    registries: Json[];
    gifts: Json[];
    giftsByHand: Json[];
    thankYouNotes: Json[];
    payouts: Json[];
    coOwnerships: Json[];
    profile: Json;
  };

function csvFilesOf(bytes: Uint8Array): Record<string, Json[]> {
  const files = unzipSync(bytes);
  return Object.fromEntries(
    Object.entries(files).map(([name, content]) => [
      name.slice(name.lastIndexOf('/') + 1),
      parse(strFromU8(content), { bom: true, columns: true, skip_empty_lines: true }) as Json[],
    ]),
  );
}

async function closeAndPay(owner: HttpClient, registryId: string) {
  await owner.call('PUT', `/api/registries/${registryId}/payout-info`, CHECK);
  const closed = await owner.call('PUT', `/api/registries/${registryId}/close`);
  expect(closed.status, closed.text).toBe(200);
  expect((await admin.post(`/api/admin/manual-payouts/${registryId}/claim`, {})).status).toBe(200);
  const completed = await admin.call('PATCH', `/api/admin/manual-payouts/${registryId}/complete`, { referenceNumber: '1042' });
  expect(completed.status, completed.text).toBe(200);
}

describe('GET /api/account/export', () => {
  it('downloads everything about the account as JSON, with givers, and no secret', async () => {
    const { owner, registry } = await familyWithHistory();
    const response = await exportOf(owner.client);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="mitzvah-gifts-${owner.registration.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const data = jsonOf(response.bytes);
    expect(data.profile).toMatchObject({
      username: owner.registration.username,
      email: owner.registration.email,
      firstName: 'Dana',
      bankAccountStatus: null,
      deletionScheduledFor: null,
    });
    expect(data.registries).toEqual([
      expect.objectContaining({
        id: registry.id,
        role: 'owner',
        childName: 'Noa Levi',
        totalReceived: 136,
        payoutMethod: 'check',
        mailingName: 'Rachel Cohen',
      }),
    ]);
    expect(
      data.gifts.map((gift) => [gift.giverName, gift.giverEmail, gift.amount, gift.childAmount, gift.charityAmount, gift.personalMessage]),
    ).toEqual(
      expect.arrayContaining([
        ['Miriam Gold', 'miriam@example.com', 36, 32.4, 3.6, 'Mazel tov from Miriam Gold!'],
        ['Avi Stern', 'avi@example.com', 100, 90, 10, 'Mazel tov from Avi Stern!'],
      ]),
    );
    expect(data.giftsByHand).toEqual([
      expect.objectContaining({
        giverName: 'Aunt Dora',
        giverEmail: 'dora@example.com',
        amount: 54,
        method: 'check',
        note: 'In the card box',
      }),
    ]);
    expect(data.thankYouNotes).toEqual([
      expect.objectContaining({ giverName: 'Miriam Gold', message: 'Dear Miriam, thank you!', status: 'sent' }),
    ]);
    expect(data.coOwnerships).toEqual([
      expect.objectContaining({
        registryId: registry.id,
        role: 'owner',
        owner: expect.stringContaining('Dana'),
        coOwners: [expect.stringContaining('Yoni')],
      }),
    ]);

    const text = strFromU8(response.bytes);
    const stored = await server.infrastructure.repositories.gifts.listByRegistry(registry.id);
    const hash = (await server.infrastructure.repositories.users.findByIdWithPassword(owner.user.id))!.passwordHash;
    for (const secret of [
      hash,
      ...(owner.client.cookie('registry.sid') ? [owner.client.cookie('registry.sid')!] : []),
      owner.registration.password as string,
      ...stored.map((gift) => gift.paymentIntentId!),
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/password|token|stripe|providerFee|sess/i);
  });

  it('downloads the same records as a zip of CSV files that parse back', async () => {
    const { owner, registry } = await familyWithHistory();
    const response = await exportOf(owner.client, 'csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/filename="mitzvah-gifts-.+\.zip"$/);
    const files = csvFilesOf(response.bytes);
    expect(Object.keys(files).sort()).toEqual([
      'co-ownerships.csv',
      'gifts-by-hand.csv',
      'gifts.csv',
      'payouts.csv',
      'profile.csv',
      'registries.csv',
      'thank-you-cards.csv',
    ]);
    expect(files['profile.csv']).toEqual([expect.objectContaining({ username: owner.registration.username, first_name: 'Dana' })]);
    expect(files['registries.csv']).toEqual([
      expect.objectContaining({ id: registry.id, child_name: 'Noa Levi', total_received: '136.00', mailing_city: 'Teaneck' }),
    ]);
    expect(
      files['gifts.csv']!.map((row) => [
        row.giver_name,
        row.giver_email,
        row.amount,
        row.child_amount,
        row.charity_amount,
        row.platform_fee,
      ]).sort(),
    ).toEqual([
      ['Avi Stern', 'avi@example.com', '100.00', '90.00', '10.00', '3.00'],
      ['Miriam Gold', 'miriam@example.com', '36.00', '32.40', '3.60', '3.00'],
    ]);
    expect(files['gifts-by-hand.csv']).toEqual([expect.objectContaining({ giver_name: 'Aunt Dora', amount: '54.00', method: 'check' })]);
    expect(files['thank-you-cards.csv']).toEqual([
      expect.objectContaining({ giver_name: 'Miriam Gold', message: 'Dear Miriam, thank you!' }),
    ]);
  });

  it('gives a co-owner the gifts and cards of the registry they share, but not where the owner’s payout goes', async () => {
    const { registry, coOwner } = await familyWithHistory();
    const data = jsonOf((await exportOf(coOwner.client)).bytes);
    expect(data.registries).toEqual([
      expect.objectContaining({
        id: registry.id,
        role: 'coOwner',
        childName: 'Noa Levi',
        payoutMethod: null,
        mailingName: null,
        mailingAddress: null,
        paypalEmail: null,
      }),
    ]);
    expect(data.gifts).toHaveLength(2);
    expect(data.giftsByHand).toHaveLength(1);
    expect(data.payouts).toEqual([]);
    expect(JSON.stringify(data)).not.toContain('12 Elm St');
    expect(data.coOwnerships).toEqual([expect.objectContaining({ registryId: registry.id, role: 'coOwner', invitationsWaiting: [] })]);
  });

  it('gives a stranger nothing of anyone else’s, refuses a visitor, and refuses an unknown format', async () => {
    await familyWithHistory();
    const stranger = await signedIn(server);
    const data = jsonOf((await exportOf(stranger.client)).bytes);
    expect(data).toMatchObject({ registries: [], gifts: [], giftsByHand: [], thankYouNotes: [], payouts: [], coOwnerships: [] });
    expect((await new HttpClient(server.url).get('/api/account/export')).status).toBe(401);
    const refused = await stranger.client.get('/api/account/export?format=xml');
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ message: 'Choose JSON or CSV', errors: { format: 'Choose JSON or CSV' } });
  });

  it('lists the payout of a closed registry with each charity’s share for its owner', async () => {
    const { owner, registry } = await openRegistry(server);
    await give(registry.id, 'Miriam Gold', 36);
    await closeAndPay(owner.client, registry.id);
    const data = jsonOf((await exportOf(owner.client)).bytes);
    expect(data.payouts).toEqual([
      expect.objectContaining({
        registryId: registry.id,
        method: 'check',
        payoutAmount: 32.4,
        charityPayoutAmount: 3.6,
        payoutStatus: 'completed',
        reference: '1042',
        charityShares: [{ charity: charities[0]!.name, giftCount: 1, amount: 3.6 }],
      }),
    ]);
  });
});

describe('an export built in the background', () => {
  async function largeAccount() {
    const { owner, registry } = await openRegistry(server);
    await server.infrastructure.orm.em.fork().execute(
      `insert into "offline_gifts" ("registry_id", "gift_giver_name", "gift_giver_email", "amount", "method", "received_on", "created_at", "updated_at", "giver_key", "email_key")
       select ?, 'Guest ' || n, 'guest' || n || '@example.com', 18, 'cash', '2026-11-20', now(), now(), 'guest ' || n, 'guest' || n || '@example.com' from generate_series(1, 2001) as n`,
      [registry.id],
    );
    return { owner, registry };
  }

  it('refuses to answer a large account at once, then builds it, e-mails a link that works for its account only, and lists it', async () => {
    const { owner } = await largeAccount();
    const atOnce = await owner.client.get('/api/account/export?format=csv');
    expect(atOnce.status).toBe(409);
    expect(atOnce.json.message).toMatch(/more than 2,000 gifts.*ask for the export by e-mail/);
    expect((await owner.client.get('/api/account/exports')).json).toMatchObject({
      atOnce: false,
      giftCount: 2001,
      atOnceMaxGifts: 2000,
      linkDays: 7,
      exports: [],
    });

    const asked = await owner.client.post('/api/account/exports', { format: 'csv' });
    expect(asked.status).toBe(202);
    expect(asked.json).toMatchObject({ format: 'csv', status: 'queued', expiresAt: null });
    expect((await owner.client.post('/api/account/exports', { format: 'csv' })).json.id).toBe(asked.json.id);
    expect((await owner.client.post('/api/account/exports', { format: 'pdf' })).status).toBe(400);

    expect(await server.runJob('account-export')).toBe(1);
    expect(await server.runJob('account-export')).toBe(0);
    await server.mailWorker.drainOnce();
    const mail = readOutbox(server.dataDir).find(
      (message) => message.to === owner.registration.email && message.subject.includes('data export is ready'),
    )!;
    const link = /https?:\/\/\S+\/account\/export#token=([A-Za-z0-9_%-]+)/.exec(mail.text)!;
    expect(link, mail.text).not.toBeNull();
    const token = decodeURIComponent(link[1]!);

    const stranger = await signedIn(server);
    const foreign = await stranger.client.post('/api/account/exports/download', { token });
    expect(foreign.status).toBe(400);
    expect(foreign.json.message).toMatch(/expired, or it belongs to another account/);
    expect((await new HttpClient(server.url).post('/api/account/exports/download', { token })).status).toBe(401);
    expect((await owner.client.post('/api/account/exports/download', { token: 'not-it' })).status).toBe(400);

    const download = await owner.client.download('POST', '/api/account/exports/download', { token });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    const files = csvFilesOf(download.bytes);
    expect(files['gifts-by-hand.csv']).toHaveLength(2001);
    expect((await owner.client.get('/api/account/exports')).json.exports).toEqual([
      expect.objectContaining({ id: asked.json.id, status: 'ready', expiresAt: expect.any(String) }),
    ]);
  });
});

describe('DELETE /api/account', () => {
  const accountOf = async (client: HttpClient) => (await client.get('/api/account')).json;

  it('refuses a visitor, a wrong or missing password, and another site, changing nothing', async () => {
    const { client } = await signedIn(server);
    expect((await new HttpClient(server.url).call('DELETE', '/api/account', { password: 'whatever' })).status).toBe(401);
    const wrong = await client.call('DELETE', '/api/account', { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ message: 'Your current password is incorrect' });
    const missing = await client.call('DELETE', '/api/account', {});
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual({ password: 'Enter your password to delete your account' });
    expect((await client.call('DELETE', '/api/account', { password: 'x', extra: true })).status).toBe(400);
    const foreign = await client.call(
      'DELETE',
      '/api/account',
      { password: 'password123' },
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    );
    expect(foreign.status).toBe(403);
    expect(await accountOf(client)).toMatchObject({ deletionScheduledFor: null });
    expect((await client.post('/api/account/deletion/cancel')).status).toBe(409);
  });

  it('refuses while a registry the account owns holds money not paid out, or has co-owners, and says why', async () => {
    const open = await openRegistry(server, { childName: 'Eli Katz' });
    await give(open.registry.id, 'Miriam Gold', 36);
    const password = open.owner.registration.password as string;
    const openRefusal = await open.owner.client.call('DELETE', '/api/account', { password });
    expect(openRefusal.status).toBe(409);
    expect(openRefusal.json.message).toBe(
      'Eli Katz’s registry is open and holds gifts. Close it and receive its payout first; your account can be deleted once the payout is sent.',
    );

    await open.owner.client.call('PUT', `/api/registries/${open.registry.id}/payout-info`, CHECK);
    await open.owner.client.call('PUT', `/api/registries/${open.registry.id}/close`);
    expect((await open.owner.client.call('DELETE', '/api/account', { password })).json.message).toBe(
      'The payout of Eli Katz’s registry has not been sent yet. Your account can be deleted once it is sent.',
    );

    const shared = await openRegistry(server, { childName: 'Noa Levi' });
    await signedInCoOwner(server, shared.registry.id);
    const withCoOwner = await shared.owner.client.call('DELETE', '/api/account', { password: shared.owner.registration.password });
    expect(withCoOwner.status).toBe(409);
    expect(withCoOwner.json.message).toBe(
      'Noa Levi’s registry has co-owners, who would lose its gifts and cards. Remove them from the registry first (they can export the registry before), then delete your account.',
    );
    const administrator = await signedIn(server, { admin: true });
    expect(
      (await administrator.client.call('DELETE', '/api/account', { password: administrator.registration.password })).json.message,
    ).toMatch(/^An administrator’s account cannot be deleted here/);
    expect(await accountOf(open.owner.client)).toMatchObject({ deletionScheduledFor: null });
  });

  it('schedules, is cancelled by signing in, and once the grace period ends deletes the personal data while the books still agree', async () => {
    const { owner, registry } = await openRegistry(
      server,
      { childName: 'Tamar Weiss', personalMessage: 'Our Tamar!' },
      { firstName: 'Ruth' },
    );
    const photo = await owner.client.upload('/api/objects/upload', {
      bytes: await pngBytes({ width: 1200, height: 800 }),
      name: 'tamar.png',
      type: 'image/png',
    });
    const photoUrl = photo.json.photoUrl!;
    const edited = await owner.client.call('PUT', `/api/registries/${registry.id}`, {
      childName: 'Tamar Weiss',
      celebrationDate: '2027-05-16T00:00:00.000Z',
      personalMessage: 'Our Tamar!',
      photoUrl,
    });
    expect(edited.status, edited.text).toBe(200);
    expect((await fetch(`${server.url}${photoUrl}`)).status).toBe(200);
    await give(registry.id, 'Miriam Gold', 36);
    await give(registry.id, 'Avi Stern', 100);
    const contributors = (await owner.client.get(`/api/registries/${registry.id}/contributors`)).json as unknown as { id: string }[];
    await owner.client.post('/api/thank-you-notes', {
      giftId: contributors[0]!.id,
      templateId: 'warm',
      customMessage: 'Thank you, Miriam!',
      imageUrls: [],
      imageSize: 'medium',
    });
    await owner.client.post(`/api/registries/${registry.id}/offline-gifts`, {
      giftGiverName: 'Aunt Dora',
      giftGiverEmail: 'dora@example.com',
      amount: 54,
      method: 'cash',
      receivedOn: '2026-11-20',
      note: '',
    });
    await closeAndPay(owner.client, registry.id);
    const coOwned = await openRegistry(server, { childName: 'Other Family' });
    await server.infrastructure.repositories.registries.addCoOwner(coOwned.registry.id, owner.user.id);
    const { username, password, email } = owner.registration as { username: string; password: string; email: string };

    const scheduled = await owner.client.call('DELETE', '/api/account', { password });
    expect(scheduled.status, scheduled.text).toBe(200);
    const dueAt = new Date(scheduled.json.deletionScheduledFor as string).getTime();
    expect(Math.abs(dueAt - Date.now() - 14 * 24 * 60 * 60 * 1000)).toBeLessThan(60_000);
    expect(await accountOf(owner.client)).toMatchObject({ deletionScheduledFor: scheduled.json.deletionScheduledFor });
    await server.mailWorker.drainOnce();
    expect(
      readOutbox(server.dataDir)
        .filter((mail) => mail.to === email)
        .map((mail) => mail.subject),
    ).toContainEqual(expect.stringMatching(/^Your Mitzvah Gifts account will be deleted on /));

    // Signing in during the grace period keeps the account.
    const again = new HttpClient(server.url);
    expect((await again.post('/api/login', { username, password })).status).toBe(200);
    expect(await accountOf(again)).toMatchObject({ deletionScheduledFor: null });
    await server.mailWorker.drainOnce();
    expect(
      readOutbox(server.dataDir)
        .filter((mail) => mail.to === email)
        .map((mail) => mail.subject),
    ).toContain('Your Mitzvah Gifts account will not be deleted');

    // Asked again, and the grace period over.
    expect((await again.call('DELETE', '/api/account', { password })).status).toBe(200);
    await server.infrastructure.orm.em
      .fork()
      .execute(`update "users" set "deletion_due_at" = now() - interval '1 minute' where "id" = ?`, [owner.user.id]);
    expect(await server.runJob('account-deletion')).toMatchObject({ deleted: 1, kept: 0 });
    expect(await server.runJob('account-deletion')).toMatchObject({ deleted: 0 });

    expect((await again.get('/api/user')).status).toBe(401);
    expect((await new HttpClient(server.url).post('/api/login', { username, password })).status).toBe(401);
    const repositories = server.infrastructure.repositories;
    const user = (await repositories.users.findById(owner.user.id))!;
    expect(user).toMatchObject({
      username: `deleted-${owner.user.id}`,
      email: `deleted-${owner.user.id}@deleted.invalid`,
      firstName: null,
      lastName: null,
      deletionDueAt: null,
      deletedAt: expect.any(Date),
    });
    expect((await new HttpClient(server.url).post('/api/login', { username: user.username, password })).status).toBe(401);
    const kept = (await repositories.registries.findById(registry.id))!;
    expect((await fetch(`${server.url}${photoUrl}`)).status).toBe(404);
    expect(kept).toMatchObject({
      childName: 'Redacted',
      personalMessage: null,
      photoUrl: null,
      mailingName: null,
      mailingAddress: null,
      isActive: false,
      totalReceived: 13600,
      payoutAmount: 12240,
    });
    const gifts = await repositories.gifts.listByRegistry(registry.id);
    expect(gifts.map((gift) => [gift.giftGiverName, gift.giftGiverEmail, gift.personalMessage, gift.amount]).sort()).toEqual([
      ['Redacted', '', null, 10000],
      ['Redacted', '', null, 3600],
    ]);
    expect(await repositories.offlineGifts.listByRegistry(registry.id)).toEqual([]);
    expect(await repositories.thankYouNotes.listByGiftIds(gifts.map((gift) => gift.id))).toEqual([]);
    expect((await repositories.registries.findById(coOwned.registry.id))!.coOwnerIds).toEqual([]);
    // The audit trail keeps who did what, without the family's names or addresses.
    const trail = JSON.stringify((await repositories.audit.list(500)).filter((event) => event.subjectId === registry.id));
    expect(trail).toContain('manual_payout.completed');
    for (const personal of ['Rachel Cohen', '12 Elm St', username]) expect(trail).not.toContain(personal);
    // The registry's page is gone for everyone; the administrators' list shows the payout without the name.
    expect((await new HttpClient(server.url).get(`/api/registries/${registry.id}`)).status).toBe(404);
    expect(JSON.stringify((await admin.get('/api/admin/manual-payouts')).json)).not.toContain('Tamar Weiss');

    await server.mailWorker.drainOnce();
    expect(
      readOutbox(server.dataDir)
        .filter((mail) => mail.to === email)
        .map((mail) => mail.subject),
    ).toContain('Your Mitzvah Gifts account was deleted');
    const lines: string[] = [];
    await runAdminCommand(['ledger', 'verify'], repositories, {
      out: (line) => lines.push(line),
      actor: { userId: null, label: 'cli:test' },
      clock: new FixedClock(),
      supportEmail: 'help@example.org',
      appUrl: server.url,
    });
    expect(lines).toEqual([
      expect.stringMatching(/^USD: the ledger agrees with the tables/),
      expect.stringMatching(/^CAD: the ledger agrees with the tables/),
    ]);
  });

  it('keeps an account whose registry received a gift during the grace period, and tells its holder why', async () => {
    const { owner, registry } = await openRegistry(server, { childName: 'Gil Adler' });
    const { password, email } = owner.registration as { password: string; email: string };
    expect((await owner.client.call('DELETE', '/api/account', { password })).status).toBe(200);
    await give(registry.id, 'Late Guest', 18);
    await server.infrastructure.orm.em
      .fork()
      .execute(`update "users" set "deletion_due_at" = now() - interval '1 minute' where "id" = ?`, [owner.user.id]);
    expect(await server.runJob('account-deletion')).toMatchObject({ deleted: 0, kept: 1 });
    expect(await accountOf(owner.client)).toMatchObject({ username: owner.registration.username, deletionScheduledFor: null });
    await server.mailWorker.drainOnce();
    const told = readOutbox(server.dataDir).find(
      (mail) => mail.to === email && mail.subject === 'Your Mitzvah Gifts account was not deleted',
    )!;
    expect(told.text).toContain('Gil Adler’s registry is open and holds gifts');
  });

  it('deletes an open registry without gifts along with the account, and the owner can cancel from the account page', async () => {
    const { owner, registry } = await openRegistry(server);
    const { password } = owner.registration as { password: string };
    expect((await owner.client.call('DELETE', '/api/account', { password })).status).toBe(200);
    const cancelled = await owner.client.post('/api/account/deletion/cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ deletionScheduledFor: null });
    expect((await owner.client.call('DELETE', '/api/account', { password })).status).toBe(200);
    await server.infrastructure.orm.em
      .fork()
      .execute(`update "users" set "deletion_due_at" = now() - interval '1 minute' where "id" = ?`, [owner.user.id]);
    expect(await server.runJob('account-deletion')).toMatchObject({ deleted: 1 });
    expect(await server.infrastructure.repositories.registries.findById(registry.id)).toBeNull();
  });
});
