import autocannon from 'autocannon';
import type { DatabaseConfig, Orm } from '../../adapters/persistence/orm';
import { aRegistration } from '../support/builders';
import { HttpClient } from '../support/http-client';
import { addRegistries, createBenchDatabase, openMigrated } from './bench-database';
import { atLeast, atMost, percentile, record, say } from './report';
import { startService, type ServiceProcess } from './service-process';

/** The family's registries of this many gifts each; every figure is also printed as its ratio to the one at 10. */
const GIFT_COUNTS = [10, 1_000, 10_000];
/** The administrators' lists at this many registries. */
const REGISTRY_COUNTS = [10, 1_000, 10_000];
const TIMES_EACH = 60;
const CONNECTIONS = 10;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const ADMIN_LISTS = [
  '/api/admin/charity-payouts/pending',
  '/api/admin/charity-payouts',
  '/api/admin/manual-payouts',
  '/api/admin/failed-payouts',
  '/api/admin/finance?currency=USD',
  '/api/admin/disputes',
];

const GIVER_FIRSTS = `array['Sarah', 'David', 'Noa', 'Eli', 'Maya', 'Ari', 'Tamar', 'Jonah', 'Leah', 'Ezra', 'José', 'Zoë']`;
const GIVER_LASTS = `array['Goldberg', 'Rosen', 'Silverman', 'Stein', 'Greenfeld', 'Blum', 'Katz', 'Weinberg', 'Adler', 'Hirsch', 'Kessler', 'Mandel']`;

/**
 * A registry of the family's with this many gifts, loaded in the database with generate_series: 1
 * in 20 refunded, 1 in 13 pending and 1 in 17 failed (which the list leaves out), a third with a
 * message, one a minute back in time, amounts of 18 to 900 dollars split 90/10 to the cent; and
 * three gifts given by hand.
 */
async function addRegistryWithGifts(orm: Orm, userId: string, charityId: string, gifts: number): Promise<string> {
  const em = orm.em.fork();
  const [registry] = await em.execute<{ id: string }[]>(
    `insert into registries (user_id, short_code, child_name, celebration_date, personal_message, preferred_charity_id, allow_charity_choice)
     values (?, ?, 'Sarah Goldberg', '2027-05-16T00:00:00Z', 'Thank you for celebrating with us!', ?, true) returning id`,
    [userId, `bv${gifts.toString(36).padStart(6, '0')}`, charityId],
  );
  await em.execute(
    `insert into gifts (registry_id, charity_id, gift_giver_name, gift_giver_email, amount, child_amount, charity_amount, platform_fee, stripe_fee, payment_status, currency, personal_message, created_at,
       giver_key, email_key, message_key)
     select registry_id, charity_id, name, email, a, a - round(a / 10, 2), round(a / 10, 2), 3.00, 3.39, status, 'USD', message, created_at,
       -- Folded as core folds them (core/model/gift-list.ts), for these names and words.
       translate(lower(name), 'éë', 'ee'), lower(email), lower(message)
     from (select ?::uuid as registry_id, ?::uuid as charity_id, (${GIVER_FIRSTS})[1 + g % 12] || ' ' || (${GIVER_LASTS})[1 + (g / 12) % 12] as name, 'giver' || g || '@example.com' as email,
       (18 + (g % 50) * 18)::numeric(10, 2) as a,
       case when g % 20 = 7 then 'refunded' when g % 13 = 5 then 'pending' when g % 17 = 3 then 'failed' else 'succeeded' end as status,
       case when g % 3 = 0 then 'Mazel tov on your special day! We are so proud of you.' end as message, now() - g * interval '1 minute' as created_at
       from generate_series(1, ?) as g) as numbered`,
    [registry!.id, charityId, gifts],
  );
  await em.execute(
    `insert into offline_gifts (registry_id, gift_giver_name, gift_giver_email, amount, method, received_on, note, giver_key, message_key)
     select ?, 'Uncle Ben ' || g, null, 36.00 * g, 'cash', date '2027-05-16' - g, 'In a card', 'uncle ben ' || g, 'in a card' from generate_series(1, 3) as g`,
    [registry!.id],
  );
  // A card written for every third paid gift, every other one of them sent: the progress counts them.
  await em.execute(
    `insert into thank_you_notes (gift_id, template_id, custom_message, status, sent_at)
     select "id", 'warm', 'Thank you!', case when n % 6 = 0 then 'sent' else 'draft' end, case when n % 6 = 0 then now() end
     from (select "id", row_number() over (order by "created_at", "id") as n from gifts where registry_id = ? and payment_status = 'succeeded') as paid
     where n % 3 = 0`,
    [registry!.id],
  );
  return registry!.id;
}

async function timeEach(client: HttpClient, path: string): Promise<number[]> {
  for (let warm = 0; warm < 5; warm += 1) await client.get(path);
  const times: number[] = [];
  for (let round = 0; round < TIMES_EACH; round += 1) {
    const started = performance.now();
    const response = await client.get(path);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${response.text.slice(0, 200)}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function underLoad(server: ServiceProcess, client: HttpClient, path: string) {
  const headers = { cookie: client.cookieHeader(), 'x-forwarded-for': client.address, 'x-forwarded-proto': 'https' };
  const result = await autocannon({ url: `${server.url}${path}`, connections: CONNECTIONS, duration: LOAD_SECONDS, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** Prints p50 and p95 at each size and their ratios to the figure at the first size. */
function recordCurve(label: string, unit: string, sizes: number[], timings: number[][], kind: DatabaseConfig['kind']) {
  const p95At = timings.map((times) => percentile(times, 95));
  const p50At = timings.map((times) => percentile(times, 50));
  sizes.forEach((size, index) => {
    const last = index === sizes.length - 1;
    const ratio = p95At[index]! / p95At[0]!;
    record(
      `  ${label} p95 at ${size.toLocaleString('en-US')} ${unit}`,
      Number(p95At[index]!.toFixed(1)),
      'ms',
      last && kind === 'postgresql' && unit === 'gifts' ? atMost(30) : null,
      `p50 ${p50At[index]!.toFixed(1)} ms; p95 ${ratio.toFixed(2)}× and p50 ${(p50At[index]! / p50At[0]!).toFixed(2)}× the figure at ${sizes[0]}`,
    );
    if (last) record(`  ${label} p95 at ${size.toLocaleString('en-US')} / at ${sizes[0]}`, Number(ratio.toFixed(2)), '×', atMost(2));
  });
}

async function benchOn(kind: DatabaseConfig['kind']): Promise<void> {
  say(`\n  ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}`);
  const database = await createBenchDatabase(kind);
  let server: ServiceProcess | null = null;
  let orm: Orm | null = await openMigrated(database);
  try {
    // PGlite's folder has one owner: the server opens it once the bench has let go.
    const family = aRegistration();
    const [charity] = await orm.em.fork().execute<{ id: string }[]>(`select id from charities where is_active order by name limit 1`);
    const [others] = await orm.em
      .fork()
      .execute<{ id: string }[]>(
        `insert into users (username, password, email) values ('benchothers', 'not-a-hash', 'others@example.com') returning id`,
      );
    if (kind === 'pglite') {
      await orm.close(true);
      orm = null;
    }
    server = await startService('server', 'bootstrap/server.ts', { ...database.serverEnv, LOG_LEVEL: 'warn', NODE_ENV: 'development' });
    const client = new HttpClient(server.url);
    const registered = await client.post('/api/register', family);
    if (registered.status >= 300) throw new Error(`registering the family answered ${registered.status}: ${registered.text}`);
    const owner = (await client.get('/api/user')).json as unknown as { id: string };
    await server.stop();
    server = null;
    orm ??= await openMigrated(database);

    const registryIds: string[] = [];
    for (const gifts of GIFT_COUNTS) registryIds.push(await addRegistryWithGifts(orm, owner.id, charity!.id, gifts));
    await orm.em.fork().execute(`update users set is_admin = true where id = ?`, [owner.id]);
    if (kind === 'postgresql') await orm.em.fork().execute('vacuum analyze gifts, offline_gifts, thank_you_notes, registries');
    if (kind === 'pglite') {
      await orm.close(true);
      orm = null;
    }
    server = await startService('server', 'bootstrap/server.ts', { ...database.serverEnv, LOG_LEVEL: 'warn', NODE_ENV: 'development' });
    const signedIn = new HttpClient(server.url);
    const login = await signedIn.post('/api/login', { username: family.username, password: family.password });
    if (login.status !== 200) throw new Error(`signing in answered ${login.status}: ${login.text}`);

    const views = {
      'owner’s registry view, GET /api/registries/{id},': (id: string) => `/api/registries/${id}`,
      'gift list page 1 of 50, GET /api/registries/{id}/gift-list,': (id: string) => `/api/registries/${id}/gift-list`,
      'gift list searched ("gold"),': (id: string) => `/api/registries/${id}/gift-list?q=gold`,
      'gift list by giver,': (id: string) => `/api/registries/${id}/gift-list?sort=giver`,
      // As the thank-you cards page asks: its first page, with the progress counts.
      'thank-you contributors page 1, GET /api/registries/{id}/contributors?page=1,': (id: string) =>
        `/api/registries/${id}/contributors?page=1`,
    };
    for (const [label, path] of Object.entries(views)) {
      const timings: number[][] = [];
      for (const id of registryIds) timings.push(await timeEach(signedIn, path(id)));
      recordCurve(label, 'gifts', GIFT_COUNTS, timings, kind);
    }
    for (const [label, path] of Object.entries(views).slice(0, 2)) {
      const run = await underLoad(server, signedIn, path(registryIds.at(-1)!));
      record(
        `  ${label} ${CONNECTIONS} connections at ${GIFT_COUNTS.at(-1)!.toLocaleString('en-US')} gifts`,
        run.requestsPerSecond,
        'req/s',
        kind === 'postgresql' ? atLeast(200) : null,
        `p99 ${run.p99} ms${run.failures ? `, ${run.failures} FAILED` : ''}`,
      );
    }
    await server.stop();
    server = null;

    // The administrators' lists as registries accumulate (1 in 17 closed, as search's load makes them).
    const adminTimings = ADMIN_LISTS.map((): number[][] => []);
    let loaded = 0;
    for (const count of REGISTRY_COUNTS) {
      orm ??= await openMigrated(database);
      await addRegistries(orm, others!.id, loaded + 1, count);
      loaded = count;
      if (kind === 'postgresql') await orm.em.fork().execute('vacuum analyze registries');
      if (kind === 'pglite') {
        await orm.close(true);
        orm = null;
      }
      server ??= await startService('server', 'bootstrap/server.ts', { ...database.serverEnv, LOG_LEVEL: 'warn', NODE_ENV: 'development' });
      const admin = new HttpClient(server.url);
      await admin.post('/api/login', { username: family.username, password: family.password });
      for (const [index, path] of ADMIN_LISTS.entries()) adminTimings[index]!.push(await timeEach(admin, path));
      if (kind === 'pglite') {
        await server.stop();
        server = null;
      }
    }
    for (const [index, path] of ADMIN_LISTS.entries())
      recordCurve(`GET ${path}`, 'registries', REGISTRY_COUNTS, adminTimings[index]!, kind);
  } finally {
    await server?.stop();
    await orm?.close(true);
    await database.drop();
  }
}

/**
 * The family's views (the owner's registry view, the gift list searched and sorted, the thank-you
 * contributors) at 10, 1,000 and 10,000 gifts, and the administrators' lists at 10, 1,000 and
 * 10,000 registries, one request at a time through the real server, and the two family views under
 * 10 connections: each figure beside its ratio to the one at 10, on PGlite and PostgreSQL.
 */
export async function viewsBench(): Promise<void> {
  const kinds = (process.env.BENCH_DATABASES ?? 'pglite,postgresql')
    .split(',')
    .filter((kind): kind is DatabaseConfig['kind'] => kind === 'pglite' || kind === 'postgresql');
  for (const kind of kinds) {
    if (kind === 'postgresql' && !process.env.TEST_DATABASE_URL) {
      say('\n  (PostgreSQL skipped: set TEST_DATABASE_URL)');
      continue;
    }
    await benchOn(kind);
  }
}
