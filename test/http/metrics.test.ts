import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { connectedTo, createTestDatabase, postgresUrl } from '../support/databases';
import { openRegistry } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';
import { createSandboxBalance } from '../../adapters/persistence/repositories/mikro-orm-sandbox-balance';
import { SANDBOX_DECLINE_CARD, SANDBOX_DISPUTE_CARD, SANDBOX_SUCCESS_CARD } from '../../adapters/payments/sandbox/sandbox-test-cards';

const TOKEN = 'metrics-0123456789abcdef0123456789abcdef';

/** The value of one series: the sample of that name whose labels include all of these (summed over the rest). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let total: number | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.trim()) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const own = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]));
    if (Object.entries(labels).every(([key, value]) => own[key] === value)) total = (total ?? 0) + Number(match[3]);
  }
  return total;
}

for (const kind of ['pglite', 'postgresql'] as const) {
  describe.skipIf(kind === 'postgresql' && !postgresUrl)(`GET /metrics on ${kind}`, () => {
    let server: TestServer;
    let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
    let charityId: string;

    beforeAll(async () => {
      database = kind === 'postgresql' ? await createTestDatabase() : undefined;
      server = await startTestServer({
        env: { METRICS_TOKEN: TOKEN, ...(database ? { DATABASE_URL: database.url, MIGRATE_ON_START: 'true' } : {}) },
      });
      charityId = ((await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string }[])[0]!.id;
    });
    afterAll(async () => {
      await server?.close();
      await database?.drop();
    });

    const scrape = async () => {
      const response = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      return response.text();
    };

    it('has every counter an operator alerts on from the first scrape, at zero for each known label, and says which release runs', async () => {
      const first = await scrape();
      for (const outcome of ['succeeded', 'declined', 'disputed', 'refunded'])
        expect(sample(first, 'registry_payment_outcomes_total', { outcome }), outcome).toBe(0);
      expect(sample(first, 'registry_reconciliation_differences_total')).toBe(0);
      for (const limit of ['login-account', 'payment-address', 'photo-decodes'])
        expect(sample(first, 'registry_limit_refusals_total', { limit }), limit).toBe(0);
      for (const kind of ['connection_exception', 'pool_timeout', 'connection_lost', 'insufficient_resources'])
        expect(sample(first, 'registry_database_errors_total', { class: kind }), kind).toBe(0);
      const build = /^registry_build_info\{version="([^"]+)",commit="([^"]+)"\} 1$/m.exec(first);
      expect(build?.[1]).toBe('0.1.0');
      expect(build?.[2]).toMatch(/^(?:[0-9a-f]{7,40}|unknown)$/);
    });

    it('counts payments by outcome: succeeded, declined, disputed and refunded', async () => {
      const { owner, registry } = await openRegistry(server);
      const outcomes = async () =>
        Object.fromEntries(
          await Promise.all(
            ['succeeded', 'declined', 'disputed', 'refunded'].map(async (outcome) => [
              outcome,
              sample(await scrape(), 'registry_payment_outcomes_total', { outcome })!,
            ]),
          ),
        );
      const before = await outcomes();
      const guest = new HttpClient(server.url);
      const pay = async (cardNumber: string) => {
        const intent = await guest.post('/api/create-payment-intent', {
          registryId: registry.id,
          charityId,
          giftGiverName: 'Miriam',
          giftGiverEmail: 'miriam@example.com',
          amount: 36,
          personalMessage: '',
        });
        expect(intent.status, intent.text).toBe(201);
        const confirmed = await guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber });
        return { giftId: (intent.json as { giftId?: string }).giftId, status: confirmed.status };
      };
      expect((await pay(SANDBOX_SUCCESS_CARD)).status).toBe(200);
      expect((await pay(SANDBOX_DECLINE_CARD)).status).toBe(402);
      expect((await pay(SANDBOX_DISPUTE_CARD)).status).toBe(200);
      // The sandbox's issuer disputes that one a moment later.
      await expect.poll(async () => (await outcomes()).disputed, { timeout: 10_000 }).toBe(before.disputed + 1);
      const gifts = (await owner.client.call('GET', `/api/registries/${registry.id}/gifts`)).json as unknown as {
        id: string;
        paymentStatus: string;
      }[];
      const paid = gifts.find((gift) => gift.paymentStatus === 'succeeded')!;
      const refund = await owner.client.call('POST', `/api/gifts/${paid.id}/refund`, { reason: 'Sent twice' });
      expect(refund.status, refund.text).toBe(200);

      expect(await outcomes()).toEqual({
        succeeded: before.succeeded + 2,
        declined: before.declined + 1,
        disputed: before.disputed + 1,
        refunded: before.refunded + 1,
      });
    });

    it('counts the differences reconciliation finds, and a run that found one is no clean success', async () => {
      const yesterday = new Date(Date.now() - 26 * 60 * 60 * 1000).toISOString().slice(0, 10);
      await createSandboxBalance(server.infrastructure.orm).record({
        id: `txn_sbx_stray_${kind}`,
        kind: 'charge',
        type: 'charge',
        reference: `sbx_pi_USD_5000_stray_${kind}`,
        currency: 'USD',
        amount: 5_000,
        fee: 175,
        created: new Date(`${yesterday}T12:00:00Z`),
      });
      const before = await scrape();
      const run = await server.runJob('ledger-reconciliation');
      expect(run).toMatchObject({ day: yesterday, status: 'differences' });
      const after = await scrape();
      expect(
        sample(after, 'registry_reconciliation_differences_total')! - sample(before, 'registry_reconciliation_differences_total')!,
      ).toBe(run!.differences.length);
      expect(run!.differences.length).toBeGreaterThan(0);
      expect(sample(after, 'registry_job_last_success_timestamp_seconds', { job: 'ledger-reconciliation' })).toBe(
        sample(before, 'registry_job_last_success_timestamp_seconds', { job: 'ledger-reconciliation' }),
      );
    });

    it('asks for the configured bearer token and refuses any other', async () => {
      for (const authorization of [undefined, 'Bearer ', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN]) {
        const headers: Record<string, string> = authorization === undefined ? {} : { Authorization: authorization };
        const response = await fetch(`${server.url}/metrics`, { headers });
        expect(response.status, String(authorization)).toBe(401);
        expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
        expect(await response.text()).not.toContain('http_request_duration_seconds');
      }
      expect(await scrape()).toContain('# TYPE http_request_duration_seconds histogram');
    });

    it('counts answers by the route pattern, never the raw path, with their latency', async () => {
      const { registry } = await openRegistry(server);
      const visitor = new HttpClient(server.url);
      const before = await scrape();
      const route = { route: '/api/registries/:id', method: 'GET' };
      const counted = (text: string, status: string) => sample(text, 'http_request_duration_seconds_count', { ...route, status }) ?? 0;

      expect((await visitor.get(`/api/registries/${registry.id}`)).status).toBe(200);
      expect((await visitor.get(`/api/registries/${registry.id}`)).status).toBe(200);
      expect((await visitor.get('/api/registries/00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await visitor.get('/api/no-such-thing/12345')).status).toBe(404);
      const after = await scrape();

      expect(counted(after, '200') - counted(before, '200')).toBe(2);
      expect(counted(after, '404') - counted(before, '404')).toBe(1);
      expect(sample(after, 'http_request_duration_seconds_bucket', { ...route, status: '200', le: '+Inf' })).toBe(counted(after, '200'));
      expect(sample(after, 'http_request_duration_seconds_sum', { ...route, status: '200' })).toBeGreaterThan(0);
      expect(sample(after, 'http_request_duration_seconds_count', { route: 'unmatched api', status: '404' })).toBeGreaterThan(0);
      expect(after).not.toContain(registry.id);
      expect(after).not.toContain('no-such-thing');
    });

    it('counts requests refused by a limit, by the limit', async () => {
      const { registration } = await signedIn(server);
      const before = sample(await scrape(), 'registry_limit_refusals_total', { limit: 'login-account' }) ?? 0;
      const guesser = new HttpClient(server.url);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        statuses.push((await guesser.post('/api/login', { username: registration.username, password: 'wrong-password' })).status);
      }
      expect(statuses.at(-1)).toBe(429);
      expect(sample(await scrape(), 'registry_limit_refusals_total', { limit: 'login-account' })).toBe(before + 1);
    });

    it("shows each sweep's last success once it has run", async () => {
      const started = Date.now() / 1000;
      await server.runJob('gift-sweep');
      await server.runJob('thank-you-reminder');
      const text = await scrape();
      for (const job of ['gift-sweep', 'thank-you-reminder']) {
        const last = sample(text, 'registry_job_last_success_timestamp_seconds', { job });
        expect(last, job).toBeGreaterThanOrEqual(Math.floor(started));
        expect(last, job).toBeLessThanOrEqual(Date.now() / 1000 + 1);
      }
    });

    it('shows payouts pending, by payee, as families close their registries', async () => {
      const before = await scrape();
      const pending = (text: string, payee: string) => sample(text, 'registry_payouts', { payee, state: 'pending' });
      expect(sample(before, 'registry_payouts', { payee: 'family', state: 'failed' })).toBe(0);

      const { owner, registry } = await openRegistry(server);
      const guest = new HttpClient(server.url);
      const intent = await guest.post('/api/create-payment-intent', {
        registryId: registry.id,
        charityId,
        giftGiverName: 'Miriam',
        giftGiverEmail: 'miriam@example.com',
        amount: 54,
        personalMessage: '',
      });
      expect(intent.status, intent.text).toBe(201);
      expect(
        (await guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: '4242424242424242' })).status,
      ).toBe(200);
      expect(
        (
          await owner.client.call('PUT', `/api/registries/${registry.id}/payout-info`, {
            payoutMethod: 'paypal',
            paypalEmail: 'family@example.com',
          })
        ).status,
      ).toBe(200);
      expect((await owner.client.call('PUT', `/api/registries/${registry.id}/close`)).status).toBe(200);

      const after = await scrape();
      expect(pending(after, 'family')).toBe(pending(before, 'family')! + 1);
      // The charity's 10% joins its one pending payout (made by this closing, or one already there).
      expect(pending(after, 'charity')).toBeGreaterThanOrEqual(Math.max(1, pending(before, 'charity')!));
    });

    it("shows the mail outbox's backlog and how long its oldest message has waited", async () => {
      // Stopped, so nothing is sent between the sign-up and the scrape.
      await server.mailWorker.stop();
      const before = await scrape();
      const queued = (text: string) => sample(text, 'registry_mail_outbox_messages', { status: 'queued' })!;
      const started = Date.now();
      expect((await new HttpClient(server.url).post('/api/newsletter', { email: `reader-${started}@example.com` })).status).toBe(200);
      const after = await scrape();
      expect(queued(after)).toBe(queued(before) + 1);
      const age = sample(after, 'registry_mail_outbox_oldest_unsent_age_seconds')!;
      expect(age).toBeGreaterThanOrEqual(0);
      expect(sample(after, 'registry_mail_outbox_messages', { status: 'failed' })).toBe(0);
      expect(sample(after, 'registry_metrics_database_read_ok')).toBe(1);
    });

    if (kind === 'postgresql') {
      it('shows the connection pool, and counts database errors by class', async () => {
        const text = await scrape();
        expect(sample(text, 'registry_database_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
        expect(sample(text, 'registry_database_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
        expect(sample(text, 'registry_database_pool_waiting')).toBe(0);

        const { registry } = await openRegistry(server);
        // A refused connection is SQLSTATE 55000; a pooled connection that the database ends under a
        // query is 57P01 or a lost connection, depending on which the server hears of first.
        const refusals = ['object_not_in_prerequisite_state', 'operator_intervention', 'connection_lost'];
        const counted = (exposition: string) =>
          refusals.map((refusal) => sample(exposition, 'registry_database_errors_total', { class: refusal }) ?? 0);
        const before = counted(await scrape());
        const name = database!.name;
        // The database refuses new connections and the open ones are ended.
        await connectedTo(postgresUrl!, async (admin) => {
          await admin.query(`alter database "${name}" allow_connections false`);
          await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
            name,
          ]);
        });
        try {
          const refused = await new HttpClient(server.url).get(`/api/registries/${registry.id}`);
          expect(refused.status).toBeGreaterThanOrEqual(500);
        } finally {
          await connectedTo(postgresUrl!, (admin) => admin.query(`alter database "${name}" allow_connections true`));
        }
        expect((await new HttpClient(server.url).get(`/api/registries/${registry.id}`)).status).toBe(200);
        const scraped = await scrape();
        const after = counted(scraped);
        expect(after.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(before.reduce((sum, count) => sum + count, 0));
        // Every failure is counted under a class an operator can read, never a raw message.
        const classes = [...scraped.matchAll(/^registry_database_errors_total\{class="([^"]*)"\}/gm)].map(([, label]) => label);
        expect(classes.length).toBeGreaterThan(0);
        for (const label of classes) expect(label).toMatch(/^(?:[a-z_]+|class_[0-9A-Z]{2})$/);
      });
    }
  });
}

describe('GET /metrics without METRICS_TOKEN configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is not there at all, token or not', async () => {
    const attempts: Record<string, string>[] = [{}, { Authorization: `Bearer ${TOKEN}` }, { Authorization: 'Bearer ' }];
    for (const headers of attempts) {
      const response = await fetch(`${server.url}/metrics`, { headers });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('http_request_duration_seconds');
    }
  });
});
