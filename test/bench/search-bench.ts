import pg from 'pg';
import { longestWord, wordPrefixPattern } from '@core/registry/child-name-search';
import { SEARCH_LIMIT } from '@core/registry/list-registries';
import { atMost, percentile, record, say } from './report';
import { startService } from './service-process';
import { addRegistries, createBenchDatabase, openMigrated, seedFamily } from './bench-database';
import { FLOOR_SQL } from './floor-sql';

const QUERIES = ['Goldberg', 'Rosenb', 'ari', 'Sarah Gold', 'Tamar Stein'];
const TIMES_EACH = 40;
const LARGE = 1_000_000;
const BATCH = 100_000;

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

/** What the planner does with each query: which index it uses and how many rows it sorts. */
async function printPlans(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const query of QUERIES) {
      const words = query.split(' ');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing off, summary off) ${FLOOR_SQL.search}`, [
        `%${longestWord(words)}%`,
        `(?i)${wordPrefixPattern(words)}`,
        SEARCH_LIMIT,
      ]);
      const plan = rows.map((row) => row['QUERY PLAN']);
      const usesTrigram = plan.some((line) => line.includes('registries_child_name_trgm_index'));
      const nameOrder = plan.some((line) => line.includes('registries_listed_child_name_index'));
      const sequential = plan.some((line) => line.includes('Seq Scan'));
      const access = usesTrigram ? 'trigram index' : nameOrder ? 'name-ordered index of listed registries' : sequential ? 'SEQUENTIAL SCAN' : 'other';
      say(`    plan for "${query}": ${access}; ${plan.filter((line) => /Scan|Sort|Limit|Rows Removed/.test(line)).map((line) => line.trim()).join(' | ')}`);
    }
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
  let server: Awaited<ReturnType<typeof startService>> | null = null;
  try {
    const seeded = await seedFamily(orm);
    await addRegistries(orm, seeded.userId, 1, 10_000);
    await orm.em.fork().execute('analyze registries');
    server = await startService('server', 'bootstrap/server.ts', { ...database.serverEnv, LOG_LEVEL: 'info', NODE_ENV: 'development' });
    const databaseUrl = database.serverEnv.DATABASE_URL!;

    await timeSearches(server.url); // warm-up
    const small = await timeSearches(server.url);
    say(`\n  10,000 registries, ${QUERIES.length} queries (${QUERIES.join(', ')}) × ${TIMES_EACH}, one at a time`);
    record('  search p50 at 10,000', Number(percentile(small, 50).toFixed(1)), 'ms');
    record('  search p95 at 10,000', Number(percentile(small, 95).toFixed(1)), 'ms');
    await printPlans(databaseUrl);

    const loadStarted = performance.now();
    for (let from = 10_001; from <= LARGE; from += BATCH) {
      await addRegistries(orm, seeded.userId, from, Math.min(LARGE, from + BATCH - 1));
    }
    await orm.em.fork().execute('analyze registries');
    say(`\n  loaded ${LARGE.toLocaleString('en-US')} registries in ${Math.round((performance.now() - loadStarted) / 1000)} s`);

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
