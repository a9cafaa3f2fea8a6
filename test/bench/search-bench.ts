import pg from 'pg';
import { wordPrefixPattern } from '@core/registry/child-name-search';
import { SEARCH_LIMIT } from '@core/registry/list-registries';
import { atMost, percentile, record, say } from './report';
import { startService } from './service-process';
import type { Orm } from '../../adapters/persistence/orm';
import { addRegistries, createBenchDatabase, openMigrated, seedFamily } from './bench-database';
import { FLOOR_SQL } from './floor-sql';

const QUERIES = ['Goldberg', 'Rosenb', 'ari', 'Sarah Gold', 'Tamar Stein'];
const TIMES_EACH = 40;
const LARGE = 1_000_000;
const BATCH = 100_000;

const LISTED_OPEN = `r.status = 'open' and r.is_active and not r.unlisted`;

async function timeSearches(url: string): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < TIMES_EACH; round += 1) {
    for (const query of QUERIES) {
      const started = performance.now();
      const response = await fetch(`${url}/api/registries/search?q=${encodeURIComponent(query)}`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`search for ${query} answered ${response.status}`);
      times.push(performance.now() - started);
    }
  }
  return times.sort((a, b) => a - b);
}

/**
 * What the planner does with each query: whether it walks the word-prefix index in the answer's
 * order and stops at the limit (no Sort node), and how many rows it reads to do so.
 */
async function printPlans(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const query of QUERIES) {
      const words = query.split(' ');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, timing off, summary on) ${FLOOR_SQL.search}`,
        [words.join(' '), `(?i)${wordPrefixPattern(words)}`, SEARCH_LIMIT],
      );
      const plan = rows.map((row) => row['QUERY PLAN']);
      const prefixIndex = plan.some((line) => line.includes('registry_name_prefixes_pkey'));
      // A sort under the limit sorts every match; one above it only the 20 found.
      const sorts = plan.slice(plan.findIndex((line) => line.includes('Limit'))).some((line) => /\bSort\b/.test(line));
      const sequential = plan.some((line) => line.includes('Seq Scan'));
      const access = prefixIndex
        ? `word-prefix index in name order${sorts ? ', then a SORT' : ', no sort'}`
        : sequential
          ? 'SEQUENTIAL SCAN'
          : 'other';
      say(
        `    plan for "${query}": ${access}; ${plan
          .filter((line) => /Scan|Sort|Limit|Loop|Rows Removed|Heap Fetches|Execution Time/.test(line))
          .map((line) => line.trim())
          .join(' | ')}`,
      );
    }
  } finally {
    await client.end();
  }
}

/**
 * Loads the registries numbered from..to with registry_name_prefixes filled as its migration
 * fills it: the insert trigger off, then one insert of every prefix and the key built by sorting.
 * Through the trigger (ten random index inserts a registry) the same load took 445 s here.
 */
async function loadWithPrefixesBackfilled(orm: Orm, databaseUrl: string, userId: string, from: number, to: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('alter table registries disable trigger registry_name_prefixes_insert');
    await client.query('alter table registry_name_prefixes drop constraint registry_name_prefixes_pkey');
    for (let first = from; first <= to; first += BATCH) await addRegistries(orm, userId, first, Math.min(to, first + BATCH - 1));
    await client.query('truncate registry_name_prefixes');
    await client.query(`insert into registry_name_prefixes (prefix, child_name, celebration_date, registry_id)
      select prefix, r.child_name, r.celebration_date, r.id from registries as r, registry_name_prefixes_of(r.child_name) as prefix where ${LISTED_OPEN}`);
    await client.query(
      'alter table registry_name_prefixes add constraint registry_name_prefixes_pkey primary key (prefix, child_name, celebration_date, registry_id)',
    );
    await client.query('alter table registries enable trigger registry_name_prefixes_insert');
    // What autovacuum would soon do after a bulk load: statistics, and the visibility map that lets
    // search read the prefix index without visiting the table.
    await client.query('vacuum analyze registries, registry_name_prefixes');
  } finally {
    await client.end();
  }
}

/**
 * Search at 10,000 and at 1,000,000 registries on PostgreSQL (loaded with generate_series in the
 * database, not through the API), through the real server, one request at a time.
 */
export async function searchBench(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) {
    say('(skipped: the search benchmark needs PostgreSQL; set TEST_DATABASE_URL)');
    return;
  }
  const database = await createBenchDatabase('postgresql');
  const orm = await openMigrated(database);
  const databaseUrl = database.serverEnv.DATABASE_URL!;
  let server: Awaited<ReturnType<typeof startService>> | null = null;
  try {
    const seeded = await seedFamily(orm);
    // The first 10,000 through the trigger, as the server's own writes go.
    await addRegistries(orm, seeded.userId, 1, 10_000);
    await orm.em.fork().execute('vacuum analyze registries, registry_name_prefixes');
    server = await startService('server', 'bootstrap/server.ts', { ...database.serverEnv, LOG_LEVEL: 'info', NODE_ENV: 'development' });

    await timeSearches(server.url); // warm-up
    const small = await timeSearches(server.url);
    say(`\n  10,000 registries, ${QUERIES.length} queries (${QUERIES.join(', ')}) × ${TIMES_EACH}, one at a time`);
    record('  search p50 at 10,000', Number(percentile(small, 50).toFixed(1)), 'ms');
    record('  search p95 at 10,000', Number(percentile(small, 95).toFixed(1)), 'ms');
    await printPlans(databaseUrl);

    const loadStarted = performance.now();
    await loadWithPrefixesBackfilled(orm, databaseUrl, seeded.userId, 10_001, LARGE);
    say(
      `\n  loaded ${LARGE.toLocaleString('en-US')} registries (word-prefix table backfilled) in ${Math.round((performance.now() - loadStarted) / 1000)} s`,
    );

    await timeSearches(server.url); // warm-up
    const large = await timeSearches(server.url);
    record('  search p50 at 1,000,000', Number(percentile(large, 50).toFixed(1)), 'ms');
    record('  search p95 at 1,000,000', Number(percentile(large, 95).toFixed(1)), 'ms', atMost(15));
    record('  p95 at 1,000,000 / p95 at 10,000', Number((percentile(large, 95) / percentile(small, 95)).toFixed(2)), '×', atMost(3));
    await printPlans(databaseUrl);
    record('  server RSS after the search run', server.rssMiB(), 'MiB');
  } finally {
    await server?.stop();
    await orm.close(true);
    await database.drop();
  }
}
