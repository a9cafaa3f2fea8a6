import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../adapters/http/database-unavailable';
import { DATABASE_WAITS, openOrm, type DatabaseWaits } from '../../adapters/persistence/orm';
import { openRegistry } from '../support/registries';
import { HttpClient } from '../support/http-client';
import { connectedTo, createTestDatabase, postgresUrl } from '../support/databases';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { startTestServer, type TestServer } from '../support/test-server';

const KILL_ROUNDS = 10;
const LOAD_WORKERS = 4;

/** The server's waits on PostgreSQL (5, 9 and 10 s), shortened here so that the tests that wait them out do not take 10 s each. */
const WAITS: DatabaseWaits = { connection: 2_000, statement: 2_500, answer: 3_000 };

/** A request that gives up after the time allowed, answering status 0, so a hang fails the test instead of stalling it. */
async function within(ms: number, request: Promise<{ status: number }>): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<number>((resolve) => {
    timer = setTimeout(() => resolve(0), ms);
  });
  try {
    return await Promise.race([
      request.then(
        (response) => response.status,
        () => -1,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request's status, Retry-After and how long it took; status 0 when it had not answered after the time allowed. */
async function timed(
  ms: number,
  request: Promise<{ status: number; headers: Headers }>,
): Promise<{ status: number; retryAfter: string | null; ms: number }> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    const response = await Promise.race([request, late]);
    return { status: response?.status ?? 0, retryAfter: response?.headers.get('retry-after') ?? null, ms: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** A database URL that goes through the proxy instead of straight to the server. */
function through(proxy: TcpProxy, url: string): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  return proxied.toString();
}

describe.skipIf(!postgresUrl)('the server on a PostgreSQL that drops connections or stops answering', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  let server: TestServer;
  let charityId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const direct = new URL(database.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    server = await startTestServer({ env: { DATABASE_URL: through(proxy, database.url), MIGRATE_ON_START: 'true' }, databaseWaits: WAITS });
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
    const confirm = await within(
      10_000,
      guest.post('/api/sandbox/confirm', { clientSecret: started.json.clientSecret, cardNumber: '4242424242424242' }),
    );
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
        const { rowCount } = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database.name],
        );
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

  it('answers readiness with 503 within 2 s while the database does not answer, and 200 again once it does, while liveness holds', async () => {
    const client = new HttpClient(server.url);
    expect(await within(2_000, client.get('/api/health'))).toBe(200);
    proxy.freeze();
    try {
      for (let check = 0; check < 3; check += 1) expect(await within(2_000, client.get('/api/health'))).toBe(503);
      // A database blip takes the instance out of the balancer; it must not get it restarted.
      expect(await within(2_000, client.get('/api/health/live'))).toBe(200);
    } finally {
      proxy.thaw();
    }
    await expect.poll(() => within(2_000, client.get('/api/health')), { timeout: 10_000 }).toBe(200);
    expect(server.logs.join('')).toContain('health check: database unavailable');
  });

  it('waits on PostgreSQL, outside these tests, at most 5 s for a connection, 9 s for a statement and 10 s for its answer', () => {
    expect(DATABASE_WAITS).toEqual({ connection: 5_000, statement: 9_000, answer: 10_000 });
  });

  // This test and the next each wait out the wait for an answer; the next freezes a connection of
  // its own, not the server's, so the two wait at the same time (with their own expect, as
  // concurrent tests must).
  it.concurrent('answers every request 503 with Retry-After within the wait for an answer while the network is frozen, and works again once it thaws', async ({
    expect,
  }) => {
    const { registry } = await openRegistry(server);
    const guest = new HttpClient(server.url);
    const gift = {
      registryId: registry.id,
      charityId,
      giftGiverName: 'Cousin Dana',
      giftGiverEmail: 'dana@example.com',
      amount: 36,
      personalMessage: '',
    };
    expect((await guest.get(`/api/registries/${registry.id}`)).status).toBe(200);
    proxy.freeze();
    let answers: Awaited<ReturnType<typeof timed>>[];
    try {
      // Some take a pooled connection whose statement then gets no answer, some wait for a new one.
      answers = await Promise.all([
        ...Array.from({ length: 4 }, () => timed(WAITS.answer + 5_000, guest.get(`/api/registries/${registry.id}`))),
        ...Array.from({ length: 2 }, () =>
          timed(WAITS.answer + 5_000, new HttpClient(server.url).post('/api/create-payment-intent', gift)),
        ),
      ]);
    } finally {
      proxy.thaw();
    }
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 503, retryAfter: '5' });
      expect(answer.ms).toBeLessThan(WAITS.answer + 2_000);
    }
    await expect.poll(() => within(2_000, guest.get(`/api/registries/${registry.id}`)), { timeout: 10_000 }).toBe(200);
    expect(await giveOnce(registry.id, 18)).toMatchObject({ intent: 201, confirm: 200 });
  });

  it.concurrent('ends a connection whose statement got no answer within the wait, so the next statement gets a fresh one', async ({
    expect,
  }) => {
    const direct = new URL(database.url);
    const ownProxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const orm = await openOrm({ kind: 'postgresql', url: through(ownProxy, database.url), waits: WAITS });
    try {
      expect(await orm.em.fork().execute('select 1 as "one"')).toEqual([{ one: 1 }]);
      const open = ownProxy.openConnections();
      expect(open).toBeGreaterThan(0);
      ownProxy.freeze();
      const started = Date.now();
      const failure = await Promise.race([
        orm.em
          .fork()
          .execute('select 2')
          .then(
            () => 'answered',
            (error: unknown) => error,
          ),
        sleep(WAITS.answer + 5_000).then(() => 'still waiting'),
      ]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(WAITS.answer - 100);
      expect(Date.now() - started).toBeLessThan(WAITS.answer + 2_000);
      expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
      // The frozen connection is closed on our side, not left in the pool behind its statement.
      await expect.poll(() => ownProxy.openConnections(), { timeout: 2_000 }).toBe(open - 1);
      ownProxy.thaw();
      expect(await orm.em.fork().execute('select 3 as "three"')).toEqual([{ three: 3 }]);
    } finally {
      ownProxy.thaw();
      await orm.close(true);
      await ownProxy.close();
    }
  });
});

describe.skipIf(!postgresUrl)('the server on a PostgreSQL that refuses connections', () => {
  // A role of its own (not a superuser, whom connection limits do not hold), owning its database.
  const role = `registry_app_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: TestServer;
  let charityId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await connectedTo(postgresUrl!, async (admin) => {
      await admin.query(`create role "${role}" login`);
      await admin.query(`alter database "${database.name}" owner to "${role}"`);
    });
    const url = new URL(database.url);
    url.username = role;
    url.password = '';
    server = await startTestServer({ env: { DATABASE_URL: url.toString(), MIGRATE_ON_START: 'true' } });
    charityId = ((await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string }[])[0]!.id;
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
    await connectedTo(postgresUrl!, (admin) => admin.query(`drop role if exists "${role}"`));
  });

  /** Makes PostgreSQL refuse the server's connections (and ends those it has), runs the check, then lets it in again. */
  async function whileRefused(refuse: string, allow: string, check: () => Promise<void>): Promise<void> {
    await connectedTo(postgresUrl!, async (admin) => {
      await admin.query(refuse);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where usename = $1', [role]);
    });
    try {
      await check();
    } finally {
      await connectedTo(postgresUrl!, (admin) => admin.query(allow));
    }
  }

  async function everyRequestAnswers503(registryId: string): Promise<void> {
    const guest = new HttpClient(server.url);
    const gift = {
      registryId,
      charityId,
      giftGiverName: 'Cousin Dana',
      giftGiverEmail: 'dana@example.com',
      amount: 36,
      personalMessage: '',
    };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      for (const answer of [await guest.get(`/api/registries/${registryId}`), await guest.post('/api/create-payment-intent', gift)]) {
        expect(answer.status, answer.text).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('5');
      }
    }
    expect((await guest.get('/api/health')).status).toBe(503);
  }

  async function answersAgain(registryId: string): Promise<void> {
    const guest = new HttpClient(server.url);
    await expect.poll(async () => (await guest.get(`/api/registries/${registryId}`)).status, { timeout: 10_000 }).toBe(200);
  }

  it('answers 503 with Retry-After, not 500, while the role may open no connection (53300), and works again after', async () => {
    const { registry } = await openRegistry(server);
    await whileRefused(`alter role "${role}" connection limit 0`, `alter role "${role}" connection limit -1`, () =>
      everyRequestAnswers503(registry.id),
    );
    await answersAgain(registry.id);
    expect(server.logs.join('')).toContain('too many connections for role');
  });

  it('answers 503 with Retry-After, not 500, while the database allows no connections (55000), and works again after', async () => {
    const { registry } = await openRegistry(server);
    await whileRefused(
      `alter database "${database.name}" allow_connections false`,
      `alter database "${database.name}" allow_connections true`,
      () => everyRequestAnswers503(registry.id),
    );
    await answersAgain(registry.id);
    expect(server.logs.join('')).toContain('is not currently accepting connections');
  });
});
