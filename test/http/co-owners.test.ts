import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoOwnerInvitationEntity } from '../../adapters/persistence/entities/co-owner-invitation-entity';
import { clientAs, signedIn, signedInCoOwner, type MatrixRole } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { readOutbox } from '../support/outbox';
import { aRegistryBody, openRegistry } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
let invitee = 0;
const newAddress = () => `other.parent.${Date.now()}.${(invitee += 1)}@example.com`;

/** The token of the latest invitation e-mailed to the address, after the worker has sent what is queued. */
async function invitationTokenFor(address: string): Promise<string> {
  await server.mailWorker.drainOnce();
  const mail = readOutbox(server.dataDir)
    .filter((message) => message.to === address)
    .at(-1);
  const token = mail ? /\/co-owner\/accept#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] : undefined;
  if (!token) throw new Error(`no invitation to ${address}`);
  return token;
}

async function invite(owner: HttpClient, registryId: string, email = newAddress()) {
  const response = await owner.post(`/api/registries/${registryId}/co-owners/invitations`, { email });
  expect(response.status, response.text).toBe(201);
  return { email, invitation: response.json as unknown as { id: string }, token: await invitationTokenFor(email) };
}

const people = async (client: HttpClient, registryId: string) => (await client.get(`/api/registries/${registryId}/co-owners`)).json;

describe('inviting, accepting and removing a co-owner', () => {
  it('e-mails a link from the owner, and whoever signs in with it becomes a co-owner who sees the registry as family', async () => {
    const { owner, registry } = await openRegistry(server, { childName: 'Talia Mizrahi' }, { firstName: 'Dana' });
    const email = newAddress();
    const invited = await owner.client.post(`/api/registries/${registry.id}/co-owners/invitations`, { email: `  ${email.toUpperCase()} ` });
    expect(invited.status).toBe(201);
    expect(invited.json).toMatchObject({ email, expiresAt: expect.any(String) });
    const days = (Date.parse(invited.json.expiresAt as string) - Date.parse(invited.json.createdAt as string)) / 86_400_000;
    expect(days).toBeCloseTo(7, 1);

    await server.mailWorker.drainOnce();
    const mail = readOutbox(server.dataDir).find((message) => message.to === email)!;
    expect(mail.subject).toMatch(/^Dana .* invites you to co-own Talia Mizrahi/);
    // An answer reaches the parent who invited.
    expect(mail.replyTo).toBe(owner.registration.email);
    const token = await invitationTokenFor(email);
    expect(JSON.stringify(await server.infrastructure.orm.em.fork().find(CoOwnerInvitationEntity, {}))).not.toContain(token);

    const preview = await new HttpClient(server.url).post('/api/co-owner-invitations/preview', { token });
    expect(preview.json).toMatchObject({
      registryId: registry.id,
      childName: 'Talia Mizrahi',
      inviterName: expect.stringMatching(/^Dana/),
    });

    // Any e-mail address: the link is the proof.
    const parent = await signedIn(server, { firstName: 'Avi' });
    const accepted = await parent.client.post('/api/co-owner-invitations/accept', { token });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json).toEqual({ message: 'You are now a co-owner of this registry', registryId: registry.id });

    const view = await parent.client.get(`/api/registries/${registry.id}`);
    expect(view.json).toMatchObject({ isOwner: false, isCoOwner: true, totalReceived: 0, gifts: [], payoutStatus: 'pending' });
    // Where the money goes stays the owner's.
    expect(view.json).not.toHaveProperty('paypalEmail');
    expect(view.json).not.toHaveProperty('mailingAddress');
    expect((await owner.client.get(`/api/registries/${registry.id}`)).json).toMatchObject({
      isOwner: true,
      isCoOwner: false,
      paypalEmail: null,
    });

    const mine = (await parent.client.get('/api/registries/my')).json as unknown as { id: string; role: string }[];
    expect(mine).toEqual([expect.objectContaining({ id: registry.id, role: 'coOwner' })]);
    expect(((await owner.client.get('/api/registries/my')).json as unknown as { role: string }[])[0]!.role).toBe('owner');

    expect(await people(owner.client, registry.id)).toMatchObject({
      role: 'owner',
      owner: { userId: owner.user.id },
      coOwners: [{ userId: parent.user.id, name: expect.stringMatching(/^Avi/), email: parent.registration.email }],
      invitations: [],
    });
    // A co-owner sees who manages the registry, never the invitations.
    expect(await people(parent.client, registry.id)).toMatchObject({
      role: 'coOwner',
      coOwners: [{ userId: parent.user.id }],
      invitations: [],
    });

    // Used once: a second accept, by anyone, is gone.
    const again = await (await signedIn(server)).client.post('/api/co-owner-invitations/accept', { token });
    expect(again.status).toBe(410);
    expect(again.json.message).toMatch(/expired, was cancelled or has already been used/);
    expect((await new HttpClient(server.url).post('/api/co-owner-invitations/preview', { token })).status).toBe(410);

    const removed = await owner.client.call('DELETE', `/api/registries/${registry.id}/co-owners/${parent.user.id}`);
    expect(removed.json).toEqual({ message: 'Co-owner removed' });
    expect((await parent.client.get(`/api/registries/${registry.id}`)).json).toMatchObject({ isOwner: false, isCoOwner: false });
    expect((await parent.client.get(`/api/registries/${registry.id}/gift-list`)).status).toBe(403);
    expect((await parent.client.get('/api/registries/my')).json).toEqual([]);
    expect((await owner.client.call('DELETE', `/api/registries/${registry.id}/co-owners/${parent.user.id}`)).status).toBe(404);
  });

  it('lets a co-owner leave, but nobody remove the owner', async () => {
    const { owner, registry } = await openRegistry(server);
    const first = await signedInCoOwner(server, registry.id);
    const second = await signedInCoOwner(server, registry.id);
    // A co-owner cannot remove another co-owner, nor the owner.
    expect((await first.client.call('DELETE', `/api/registries/${registry.id}/co-owners/${second.user.id}`)).status).toBe(403);
    expect((await first.client.call('DELETE', `/api/registries/${registry.id}/co-owners/${owner.user.id}`)).status).toBe(403);
    expect((await owner.client.call('DELETE', `/api/registries/${registry.id}/co-owners/${owner.user.id}`)).status).toBe(404);
    const left = await first.client.call('DELETE', `/api/registries/${registry.id}/co-owners/${first.user.id}`);
    expect(left.json).toEqual({ message: 'You no longer co-own this registry' });
    expect(((await people(owner.client, registry.id)).coOwners as { userId: string }[]).map((person) => person.userId)).toEqual([
      second.user.id,
    ]);
  });

  it('cancels a waiting invitation, whose link then stops working', async () => {
    const { owner, registry } = await openRegistry(server);
    const { email, invitation, token } = await invite(owner.client, registry.id);
    expect(await people(owner.client, registry.id)).toMatchObject({ invitations: [{ id: invitation.id, email }] });
    const coOwner = await signedInCoOwner(server, registry.id);
    expect((await coOwner.client.call('DELETE', `/api/registries/${registry.id}/co-owners/invitations/${invitation.id}`)).status).toBe(403);
    expect((await owner.client.call('DELETE', `/api/registries/${registry.id}/co-owners/invitations/${invitation.id}`)).json).toEqual({
      message: 'Invitation cancelled',
    });
    expect((await owner.client.call('DELETE', `/api/registries/${registry.id}/co-owners/invitations/${invitation.id}`)).status).toBe(404);
    expect((await (await signedIn(server)).client.post('/api/co-owner-invitations/accept', { token })).status).toBe(410);
    expect((await people(owner.client, registry.id)).invitations).toEqual([]);
  });

  it('refuses an expired link, and one for a deleted registry', async () => {
    const { owner, registry } = await openRegistry(server);
    const { token } = await invite(owner.client, registry.id);
    await server.infrastructure.orm.em
      .fork()
      .nativeUpdate(CoOwnerInvitationEntity, { registryId: registry.id }, { expiresAt: new Date(Date.now() - 1000) });
    const parent = await signedIn(server);
    expect((await parent.client.post('/api/co-owner-invitations/accept', { token })).status).toBe(410);
    expect((await people(owner.client, registry.id)).invitations).toEqual([]);

    const { owner: other, registry: doomed } = await openRegistry(server);
    const { token: doomedToken } = await invite(other.client, doomed.id);
    expect((await other.client.call('DELETE', `/api/registries/${doomed.id}`)).status).toBe(200);
    expect((await parent.client.post('/api/co-owner-invitations/accept', { token: doomedToken })).status).toBe(410);
  });

  it('lets one of two accepts at once win', async () => {
    const { owner, registry } = await openRegistry(server);
    const { token } = await invite(owner.client, registry.id);
    const [a, b] = await Promise.all([signedIn(server), signedIn(server)]);
    const answers = await Promise.all([
      a.client.post('/api/co-owner-invitations/accept', { token }),
      b.client.post('/api/co-owner-invitations/accept', { token }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410]);
    expect((await people(owner.client, registry.id)).coOwners).toHaveLength(1);
  });

  it('keeps the link unused when the owner or a co-owner opens it', async () => {
    const { owner, registry } = await openRegistry(server);
    const coOwner = await signedInCoOwner(server, registry.id);
    const { token } = await invite(owner.client, registry.id);
    const byOwner = await owner.client.post('/api/co-owner-invitations/accept', { token });
    expect(byOwner.status).toBe(409);
    expect(byOwner.json.message).toMatch(/You own this registry already/);
    const byCoOwner = await coOwner.client.post('/api/co-owner-invitations/accept', { token });
    expect(byCoOwner.status).toBe(409);
    expect(byCoOwner.json.message).toMatch(/already a co-owner/);
    expect((await (await signedIn(server)).client.post('/api/co-owner-invitations/accept', { token })).status).toBe(200);
  });
});

describe('refusals', () => {
  it('refuses the owner’s own address, a co-owner’s, a second invitation to one address and a sixth person, with clear messages', async () => {
    const { owner, registry } = await openRegistry(server);
    const path = `/api/registries/${registry.id}/co-owners/invitations`;
    const own = await owner.client.post(path, { email: owner.registration.email.toUpperCase() });
    expect(own.status).toBe(400);
    expect(own.json.errors).toEqual({ email: 'This is your own address: invite the other parent’s e-mail address' });
    const coOwner = await signedInCoOwner(server, registry.id);
    const already = await owner.client.post(path, { email: coOwner.registration.email });
    expect(already.status).toBe(409);
    expect(already.json.message).toBe('This person is already a co-owner of the registry');
    const { email } = await invite(owner.client, registry.id);
    const twice = await owner.client.post(path, { email });
    expect(twice.status).toBe(409);
    expect(twice.json.message).toMatch(/already waiting/);
    for (let i = 0; i < 3; i += 1) await invite(owner.client, registry.id);
    const sixth = await owner.client.post(path, { email: newAddress() });
    expect(sixth.status).toBe(409);
    expect(sixth.json.message).toMatch(/5 co-owners and invitations at most/);
    expect((await people(owner.client, registry.id)).invitations).toHaveLength(4);
  });

  it.each([
    ['no address', {}],
    ['an address that is not one', { email: 'grandma at home' }],
    ['a number', { email: 42 }],
    ['another field', { email: 'x@example.com', role: 'owner' }],
    ['an array', []],
  ])('refuses %s with 400 and sends nothing', async (_label, body) => {
    const { owner, registry } = await openRegistry(server);
    const response = await owner.client.post(`/api/registries/${registry.id}/co-owners/invitations`, body);
    expect(response.status).toBe(400);
    expect(typeof response.json.message).toBe('string');
    expect((await people(owner.client, registry.id)).invitations).toEqual([]);
  });

  it.each([
    ['no token', {}],
    ['a token too short', { token: 'abc' }],
    ['a token nobody was sent', { token: 'A'.repeat(43) }],
  ])('answers %s with 410 on preview and accept', async (_label, body) => {
    const parent = await signedIn(server);
    if (!('token' in body)) {
      expect((await parent.client.post('/api/co-owner-invitations/accept', body)).status).toBe(410);
      return;
    }
    expect((await parent.client.post('/api/co-owner-invitations/preview', body)).status).toBe(410);
    expect((await parent.client.post('/api/co-owner-invitations/accept', body)).status).toBe(410);
  });

  it('limits invitations to 20 an hour per account', async () => {
    const { owner } = await openRegistry(server);
    const registries = [];
    for (let i = 0; i < 5; i += 1) {
      registries.push((await owner.client.post('/api/registries', aRegistryBody({ childName: `Many ${i}` }))).json.id as string);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const registryId = registries[Math.floor(i / 5)] ?? registries[0]!;
      statuses.push((await owner.client.post(`/api/registries/${registryId}/co-owners/invitations`, { email: newAddress() })).status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(statuses[20]).toBe(429);
  });
});

type Role = MatrixRole;

describe('the permission matrix of co-owners', () => {
  const expected: Record<string, Record<Role, number>> = {
    'GET /api/registries/:id/co-owners': { visitor: 401, owner: 200, coOwner: 200, other: 403, admin: 403 },
    'POST /api/registries/:id/co-owners/invitations': { visitor: 401, owner: 201, coOwner: 403, other: 403, admin: 403 },
    'DELETE /api/registries/:id/co-owners/invitations/:invitation': { visitor: 401, owner: 200, coOwner: 403, other: 403, admin: 403 },
    'DELETE /api/registries/:id/co-owners/:coOwner': { visitor: 401, owner: 200, coOwner: 200, other: 403, admin: 403 },
    'POST /api/co-owner-invitations/accept': { visitor: 401, owner: 409, coOwner: 409, other: 200, admin: 200 },
  };

  for (const [route, statuses] of Object.entries(expected)) {
    for (const role of Object.keys(statuses) as Role[]) {
      it(`${route} as ${role} → ${statuses[role]}, and a refusal changes nothing`, async () => {
        const { owner, registry } = await openRegistry(server);
        const coOwner = await signedInCoOwner(server, registry.id);
        const { invitation, token } = await invite(owner.client, registry.id);
        const client = await clientAs(server, role, registry.id, owner.client, coOwner.client);
        const [method, pattern] = route.split(' ') as [string, string];
        const path = pattern.replace(':id', registry.id).replace(':invitation', invitation.id).replace(':coOwner', coOwner.user.id);
        const body = path.endsWith('/invitations') ? { email: newAddress() } : path.endsWith('/accept') ? { token } : undefined;
        const before = await people(owner.client, registry.id);
        const response = await client.call(method, path, body);
        expect(response.status, response.text).toBe(statuses[role]);
        if (response.status >= 400) {
          expect(typeof response.json.message).toBe('string');
          expect(await people(owner.client, registry.id)).toEqual(before);
        }
      });
    }
  }

  it('answers 404 for a registry that does not exist', async () => {
    const { owner } = await signedIn(server).then((account) => ({ owner: account }));
    for (const [method, path] of [
      ['GET', `/api/registries/${NO_SUCH_ID}/co-owners`],
      ['POST', `/api/registries/${NO_SUCH_ID}/co-owners/invitations`],
      ['DELETE', `/api/registries/${NO_SUCH_ID}/co-owners/invitations/${NO_SUCH_ID}`],
      ['DELETE', `/api/registries/${NO_SUCH_ID}/co-owners/${NO_SUCH_ID}`],
      ['GET', '/api/registries/not-an-id/co-owners'],
    ] as const) {
      const response = await owner.client.call(method, path, method === 'POST' ? { email: newAddress() } : undefined);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
  });
});
