import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRegistry } from '../support/registries';
import { HttpClient } from '../support/http-client';
import { connectedTo, createTestDatabase, postgresUrl } from '../support/databases';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { startTestServer, type TestServer } from '../support/test-server';

const KILL_ROUNDS = 10;
const LOAD_WORKERS = 4;

/** A request that gives up after the time allowed, answering status 0, so a hang fails the test instead of stalling it. */
async function within(ms: number, request: Promise<{ status: number }>): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<number>((resolve) => {
    timer = setTimeout(() => resolve(0), ms);
  });
  try {
    return await Promise.race([request.then((response) => response.status, () => -1), late]);
  } finally {
    clearTimeout(timer);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!postgresUrl)('the server on a PostgreSQL that drops connections or stops answering', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  let server: TestServer;
  let charityId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const direct = new URL(database.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    server = await startTestServer({ env: { DATABASE_URL: proxied.toString() } });
    charityId = ((await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string }[])[0]!.id;
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await database?.drop();
  });

  /** One guest's gift from start to paid; answers the confirmation's status (0 when it hung). */
  async function giveOnce(registryId: string, amount: number): Promise<{ intent: number; confirm: number; paymentIntentId?: string }> {
    const guest = new HttpClient(server.url);
    const body = { registryId, charityId, giftGiverName: 'Cousin Dana', giftGiverEmail: 'dana@example.com', amount, personalMessage: '' };
    const started = await Promise.race([guest.post('/api/create-payment-intent', body).catch(() => null), sleep(10_000).then(() => null)]);
    if (!started || started.status !== 201) return { intent: started?.status ?? 0, confirm: 0 };
    const confirm = await within(10_000, guest.post('/api/sandbox/confirm', { clientSecret: started.json.clientSecret, cardNumber: '4242424242424242' }));
    return { intent: 201, confirm, paymentIntentId: String(started.json.paymentIntentId) };
  }

  it(`keeps answering through ${KILL_ROUNDS} rounds of killed connections under load, and the ledger adds up`, async () => {
    const { registry } = await openRegistry(server);
    const results: Awaited<ReturnType<typeof giveOnce>>[] = [];
    let loading = true;
    const workers = Array.from({ length: LOAD_WORKERS }, async (_unused, worker) => {
      for (let round = 0; loading; round += 1) results.push(await giveOnce(registry.id, 36 + worker + (round % 10) / 100));
    });

    let killed = 0;
    for (let round = 0; round < KILL_ROUNDS; round += 1) {
      await sleep(300);
      killed += await connectedTo(postgresUrl!, async (admin) => {
        const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database.name]);
        return rowCount ?? 0;
      });
    }
    loading = false;
    await Promise.all(workers);
    expect(killed, 'connections terminated').toBeGreaterThanOrEqual(KILL_ROUNDS);
    expect(results.length, 'gifts tried under load').toBeGreaterThan(LOAD_WORKERS);
    // A request caught by a kill is told to try again (503), never a bare 500, and none hangs.
    const answered = results.flatMap((result) => (result.intent === 201 ? [result.intent, result.confirm] : [result.intent]));
    expect(answered.filter((status) => ![200, 201, 503].includes(status))).toEqual([]);

    // Without a restart, every kind of request answers again within 5 s.
    const client = new HttpClient(server.url);
    expect(await within(5_000, client.get('/api/health'))).toBe(200);
    expect(await within(5_000, client.get(`/api/registries/${registry.id}`))).toBe(200);
    const after = await giveOnce(registry.id, 50);
    expect(after).toMatchObject({ intent: 201, confirm: 200 });

    // Every confirmation that answered 200 is one succeeded gift, and the total is their sum, once each.
    const ledger = await connectedTo(database.url, async (admin) => {
      const { rows } = await admin.query(
        `select r.total_received::text as total,
                coalesce((select sum(g.amount) from gifts g where g.registry_id = r.id and g.payment_status = 'succeeded'), 0)::text as succeeded,
                (select array_agg(g.stripe_payment_intent_id) from gifts g where g.registry_id = r.id and g.payment_status = 'succeeded') as paid
         from registries r where r.id = $1`,
        [registry.id],
      );
      return rows[0] as { total: string; succeeded: string; paid: string[] | null };
    });
    expect(ledger.total).toBe(ledger.succeeded);
    const confirmed = [...results, after].filter((result) => result.confirm === 200).map((result) => result.paymentIntentId);
    expect(confirmed.length).toBeGreaterThan(0);
    expect(ledger.paid ?? []).toEqual(expect.arrayContaining(confirmed));
  });

  it('answers the health check with 503 within 2 s while the database does not answer, and 200 again once it does', async () => {
    const client = new HttpClient(server.url);
    expect(await within(2_000, client.get('/api/health'))).toBe(200);
    proxy.freeze();
    try {
      for (let check = 0; check < 3; check += 1) expect(await within(2_000, client.get('/api/health'))).toBe(503);
    } finally {
      proxy.thaw();
    }
    await expect.poll(() => within(2_000, client.get('/api/health')), { timeout: 10_000 }).toBe(200);
    expect(server.logs.join('')).toContain('health check: database unavailable');
  });
});
