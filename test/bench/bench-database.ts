import { mkdtempSync, rmSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate, openOrm, type DatabaseConfig, type Orm } from '../../adapters/persistence/orm';
import { seedCharities } from '../../adapters/persistence/seed/seed-charities';

/** A database of the bench's own, made empty and removed afterwards, whatever happens between. */
export interface BenchDatabase {
  kind: DatabaseConfig['kind'];
  /** What the real server is started with. */
  serverEnv: Record<string, string>;
  config: DatabaseConfig;
  /** For the SQL floor: its own database (a copy of the folder on PGlite, which one process owns). */
  floorEnv: () => Record<string, string>;
  drop: () => Promise<void>;
}

export async function createBenchDatabase(kind: DatabaseConfig['kind']): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'registry-bench-'));
  const copies: string[] = [];
  const removeFolders = () => {
    for (const folder of [dataDir, ...copies]) rmSync(folder, { recursive: true, force: true });
  };
  if (kind === 'pglite') {
    const dbDir = path.join(dataDir, 'db');
    return {
      kind,
      config: { kind: 'pglite', dataDir: dbDir },
      serverEnv: { DATA_DIR: dataDir },
      floorEnv: () => {
        const copy = mkdtempSync(path.join(tmpdir(), 'registry-bench-floor-'));
        copies.push(copy);
        cpSync(dbDir, copy, { recursive: true });
        return { FLOOR_PGLITE_DIR: copy };
      },
      drop: async () => removeFolders(),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `registry_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    config: { kind: 'postgresql', url: url.toString() },
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), MIGRATE_ON_START: 'true' },
    floorEnv: () => ({ FLOOR_DATABASE_URL: url.toString() }),
    drop: async () => {
      removeFolders();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Opens the bench database as the server would (migrated, charities seeded) for loading data. */
export async function openMigrated(database: BenchDatabase): Promise<Orm> {
  const orm = await openOrm(database.config);
  await migrate(orm, database.config);
  await seedCharities(orm);
  return orm;
}

const FIRST_NAMES = [
  'Sarah',
  'David',
  'Noa',
  'Eli',
  'Maya',
  'Ari',
  'Tamar',
  'Jonah',
  'Leah',
  'Ezra',
  'Ariel',
  'Benjamin',
  'Rebecca',
  'Micah',
  'Hannah',
  'Asher',
  'Talia',
  'Levi',
  'Abigail',
  'Gideon',
  'Shira',
  'Avi',
  'Naomi',
  'Caleb',
  'Yael',
  'Isaac',
  'Miriam',
  'Judah',
  'Eden',
  'Boaz',
];
const NAME_STARTS = [
  'Gold',
  'Rosen',
  'Silver',
  'Stein',
  'Green',
  'Blum',
  'Fein',
  'Katz',
  'Wein',
  'Schwartz',
  'Lieber',
  'Gross',
  'Klein',
  'Adler',
  'Hirsch',
  'Kessler',
  'Lowen',
  'Mandel',
  'Perl',
  'Rubin',
  'Sachs',
  'Teitel',
  'Wasser',
  'Zucker',
  'Edel',
];
const NAME_ENDS = [
  'berg',
  'baum',
  'stein',
  'man',
  'feld',
  'blatt',
  'thal',
  'wald',
  'haus',
  'kopf',
  'heim',
  'stern',
  'zweig',
  'hof',
  'bach',
  'dorf',
  'blum',
  'rot',
  'kranz',
  'schein',
];

const sqlList = (names: string[]) => `array[${names.map((name) => `'${name}'`).join(', ')}]`;

/**
 * Adds registries numbered from..to with generate_series, in the database itself: names from 30
 * first names and 500 surnames (so "Goldberg" finds one in 500), one in ten unlisted, one in
 * seventeen closed, each with a message of a realistic length.
 */
export async function addRegistries(orm: Orm, userId: string, from: number, to: number): Promise<void> {
  const firsts = FIRST_NAMES.length;
  const starts = NAME_STARTS.length;
  // The insert also fills registry_name_prefixes (its trigger): on a busy machine a batch can take
  // longer than the server's statement timeout, which is for requests, not for loading.
  await orm.em.fork().transactional(async (em) => {
    await em.execute('set local statement_timeout = 0');
    await em.execute(`
    insert into registries (user_id, short_code, child_name, celebration_date, personal_message, unlisted, status, created_at, updated_at)
    select '${userId}', 'b' || lpad(to_hex(g), 7, '0'),
      (${sqlList(FIRST_NAMES)})[1 + g % ${firsts}] || ' ' || (${sqlList(NAME_STARTS)})[1 + (g / ${firsts}) % ${starts}]
        || (${sqlList(NAME_ENDS)})[1 + (g / ${firsts * starts}) % ${NAME_ENDS.length}],
      timestamptz '2027-01-03' + (g % 700) * interval '1 day',
      'Thank you for being part of our celebration! Your gift helps our child give back to the community and start the next chapter.',
      g % 10 = 3, case when g % 17 = 5 then 'closed' else 'open' end, now() - g * interval '1 second', now()
    from generate_series(${from}, ${to}) as g`);
  });
}

export interface Seeded {
  userId: string;
  charityId: string;
  /** The registry whose public page is read: a message, a preferred charity, 25 gifts given. */
  viewedRegistryId: string;
  /** The registry the payment-intent benchmark gives to (so its pending gifts leave the other alone). */
  givenRegistryId: string;
}

/** One family with two registries and gifts, as the read and write benchmarks need. */
export async function seedFamily(orm: Orm): Promise<Seeded> {
  const em = orm.em.fork();
  const [user] = await em.execute<{ id: string }[]>(
    `insert into users (username, password, email, first_name, last_name) values ('benchfamily', 'not-a-hash', 'family@example.com', 'Rachel', 'Goldberg') returning id`,
  );
  const [charity] = await em.execute<{ id: string }[]>(`select id from charities where is_active order by name limit 1`);
  const insertRegistry = (shortCode: string, childName: string) =>
    em.execute<{ id: string }[]>(
      `insert into registries (user_id, short_code, child_name, celebration_date, personal_message, preferred_charity_id, allow_charity_choice)
       values (?, ?, ?, '2027-05-16T00:00:00Z', 'Thank you for celebrating with us! Every gift helps our daughter give back.', ?, true) returning id`,
      [user!.id, shortCode, childName, charity!.id],
    );
  const [viewed] = await insertRegistry('benchvw1', 'Sarah Goldberg');
  const [given] = await insertRegistry('benchgv1', 'Noa Goldberg');
  await em.execute(
    `insert into gifts (registry_id, charity_id, gift_giver_name, gift_giver_email, amount, child_amount, charity_amount, platform_fee, stripe_fee, payment_status, currency, giver_key, email_key)
     select ?, ?, 'Aunt Miriam', 'miriam@example.com', 100.00, 90.00, 10.00, 3.00, 3.39, case when g <= 25 then 'succeeded' else 'pending' end, 'USD', 'aunt miriam', 'miriam@example.com'
     from generate_series(1, 30) as g`,
    [viewed!.id, charity!.id],
  );
  return { userId: user!.id, charityId: charity!.id, viewedRegistryId: viewed!.id, givenRegistryId: given!.id };
}
