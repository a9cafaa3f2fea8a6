import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { DatabaseInUseError } from '../../adapters/persistence/embedded-lock';
import { readConfig } from '../../bootstrap/config';
import { openInfrastructure } from '../../bootstrap/container';
import { startService, type ServiceProcess } from '../bench/service-process';
import { aRegistration } from '../support/builders';
import { HttpClient } from '../support/http-client';
import { aRegistryBody } from '../support/registries';

const dataDir = mkdtempSync(path.join(tmpdir(), 'registry-payout-crash-'));
let running: ServiceProcess | null = null;

afterAll(async () => {
  if (running) process.kill(running.pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The real entry point on the embedded database in the test's folder; its sandbox answers transfers after transferDelayMs. */
async function start(transferDelayMs?: number): Promise<ServiceProcess> {
  const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '', TRUST_PROXY: 'true', LOG_LEVEL: 'warn' };
  if (transferDelayMs !== undefined) env.SANDBOX_TRANSFER_DELAY_MS = String(transferDelayMs);
  running = await startService('server', 'bootstrap/server.ts', env);
  return running;
}

/** The killed server's lock on the embedded database is taken over once it is stale (about ten seconds). */
async function openOnceTheLockIsStale(config: ReturnType<typeof readConfig>) {
  for (const deadline = Date.now() + 60_000; ; await new Promise((resolve) => setTimeout(resolve, 1000))) {
    try {
      return await openInfrastructure(config, { migrate: false, onNewerSchema: () => undefined });
    } catch (error) {
      if (!(error instanceof DatabaseInUseError) || Date.now() > deadline) throw error;
    }
  }
}

async function signUp(url: string) {
  const client = new HttpClient(url);
  const registration = aRegistration();
  const response = await client.post('/api/register', registration);
  expect(response.status, response.text).toBe(201);
  return { client, registration, user: response.json as unknown as { id: string } };
}

async function payoutStatusOf(client: HttpClient, registryId: string) {
  return (await client.get(`/api/registries/${registryId}/payout-status`)).json as unknown as {
    payoutStatus: string;
    retryAvailableAt: string | null;
  };
}

it('a server killed between a bank payout’s claim and the provider’s answer leaves it listed for administrators after the wait, and a retry pays it once', {
  timeout: 300_000,
}, async () => {
  // The provider takes a minute to answer: the server is killed while it waits.
  let server = await start(60_000);
  const owner = await signUp(server.url);
  const admin = await signUp(server.url);
  const registry = (await owner.client.post('/api/registries', aRegistryBody())).json as unknown as { id: string };
  const charityId = ((await owner.client.get('/api/charities')).json as unknown as { id: string }[])[0]!.id;
  const guest = new HttpClient(server.url);
  const intent = await guest.post('/api/create-payment-intent', {
    registryId: registry.id,
    charityId,
    giftGiverName: 'Miriam',
    giftGiverEmail: 'miriam@example.com',
    amount: 100,
    personalMessage: '',
  });
  expect(
    (await guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: '4242424242424242' })).status,
  ).toBe(200);
  expect((await owner.client.call('PUT', `/api/registries/${registry.id}/payout-info`, { payoutMethod: 'bank' })).status).toBe(200);
  expect((await owner.client.post('/api/connect/create-account', { country: 'US' })).status).toBe(200);
  const link = await owner.client.post('/api/connect/onboarding-link', { registryId: registry.id });
  const token = new URL(link.json.url as string).searchParams.get('token');
  expect((await guest.post('/api/sandbox/onboarding', { token, outcome: 'verified' })).status).toBe(200);

  const closing = owner.client.call('PUT', `/api/registries/${registry.id}/close`).catch((error: unknown) => error);
  for (const deadline = Date.now() + 30_000; (await payoutStatusOf(owner.client, registry.id)).payoutStatus !== 'sending'; ) {
    if (Date.now() > deadline) throw new Error('the bank transfer was never claimed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.kill(server.pid, 'SIGKILL');
  running = null;
  expect(await closing).toBeInstanceOf(Error);

  // What the crash left: claimed by the family's try, nothing recorded of it. The wait passes (the
  // claim is moved five minutes back) and one of the accounts is made an administrator.
  const config = readConfig({ DATA_DIR: dataDir, DATABASE_URL: '' });
  const infrastructure = await openOnceTheLockIsStale(config);
  const { registries, users } = infrastructure.repositories;
  const left = (await registries.findById(registry.id))!;
  expect(left).toMatchObject({
    status: 'closed',
    payoutStatus: 'sending',
    transferAttempts: 0,
    transferFailureReason: null,
    stripePayoutId: null,
  });
  await registries.update(registry.id, { payoutClaimedAt: new Date(left.payoutClaimedAt!.getTime() - 5 * 60 * 1000) });
  await users.setAdmin(admin.user.id, true);
  await infrastructure.close();

  server = await start();
  const adminClient = new HttpClient(server.url);
  expect(
    (await adminClient.post('/api/login', { username: admin.registration.username, password: admin.registration.password })).status,
  ).toBe(200);
  const failed = (await adminClient.get('/api/admin/failed-payouts')).json as unknown as {
    id: string;
    transferAttempts: number;
    transferFailureReason: string | null;
  }[];
  expect(failed.find((payout) => payout.id === registry.id)).toMatchObject({ transferAttempts: 0, transferFailureReason: null });

  const retried = await adminClient.post(`/api/admin/failed-payouts/${registry.id}/retry`, {});
  expect(retried.json, retried.text).toEqual({ transferResult: { success: true } });
  const ownerAgain = new HttpClient(server.url);
  expect(
    (await ownerAgain.post('/api/login', { username: owner.registration.username, password: owner.registration.password })).status,
  ).toBe(200);
  expect(await payoutStatusOf(ownerAgain, registry.id)).toMatchObject({ payoutStatus: 'completed', retryAvailableAt: null });
  expect(
    ((await adminClient.get('/api/admin/failed-payouts')).json as unknown as { id: string }[]).map((payout) => payout.id),
  ).not.toContain(registry.id);
  // Paid once: a second retry finds nothing to send.
  expect((await adminClient.post(`/api/admin/failed-payouts/${registry.id}/retry`, {})).status).toBe(404);
});
