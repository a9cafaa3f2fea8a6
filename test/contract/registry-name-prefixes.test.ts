import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import { createMikroOrmRepositories } from '../../adapters/persistence/repositories';
import { ENTITIES } from '../../adapters/persistence/entities';
import { migrationBefore, openEmptyDatabase, postgresUrl } from '../support/databases';
import { aNewRegistry, aNewUser } from '../support/builders';

// registry_name_prefixes is kept by triggers on registries, so that every writer keeps search
// right, not only the repositories: these tests write with raw SQL as the CLI or an operator would.
const PREFIXES_MIGRATION = 'Migration20261124034149RegistryNamePrefixes';
const BEFORE_PREFIXES = migrationBefore(PREFIXES_MIGRATION);

describe.each(['pglite', ...(postgresUrl ? ['postgresql' as const] : [])] as const)('the word-prefix table on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  let repos: Repositories & UnitOfWork;
  let userId: string;
  const sql = <T = Record<string, unknown>>(statement: string, params: unknown[] = []) =>
    database.orm.em.fork().execute<T[]>(statement, params);
  const search = async (...words: string[]) =>
    (await repos.registries.searchListedByChildName(words, 20)).map((registry) => registry.childName);
  const prefixesOf = async (id: string) =>
    (await sql<{ prefix: string }>('select prefix from registry_name_prefixes where registry_id = ?', [id]))
      .map((row) => row.prefix)
      .sort();
  const insertRaw = async (childName: string, extra = '') => {
    const [row] = await sql<{ id: string }>(
      `insert into registries (user_id, short_code, child_name, celebration_date${extra ? ', status, unlisted' : ''})
       values (?, substr(md5(random()::text), 1, 8), ?, '2027-05-16T00:00:00Z'${extra ? `, ${extra}` : ''}) returning id`,
      [userId, childName],
    );
    return row!.id;
  };

  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
    await database.orm.migrator.up({ to: BEFORE_PREFIXES });
    repos = createMikroOrmRepositories(database.orm);
    userId = (await repos.users.create(aNewUser())).id;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is filled for the registries that exist when its migration runs, and dropped again by its down', async () => {
    const listed = await insertRaw('Shira Blumenthal');
    await insertRaw('Shira Closed', `'closed', false`);
    await insertRaw('Shira Unlisted', `'open', true`);
    await database.orm.migrator.up();
    expect(await prefixesOf(listed)).toEqual([
      'blu',
      'blum',
      'blume',
      'blumen',
      'blument',
      'blumenth',
      'blumentha',
      'blumenthal',
      'shi',
      'shir',
      'shira',
      'shira b',
      'shira bl',
      'shira blu',
      'shira blum',
      'shira blume',
      'shira blumen',
    ]);
    expect(await search('shira')).toEqual(['Shira Blumenthal']);

    // Back to before the prefixes, later migrations first.
    await database.orm.migrator.down({ to: BEFORE_PREFIXES });
    expect(await sql(`select 1 from pg_class where relname = 'registry_name_prefixes'`)).toEqual([]);
    expect(await sql(`select 1 from pg_proc where proname like 'registry_name_%'`)).toEqual([]);
    await database.orm.migrator.up();
    expect(await search('shira')).toEqual(['Shira Blumenthal']);
  });

  describe('once migrated', () => {
    beforeEach(async () => {
      const tables = ENTITIES.map((entity) => `"${entity.meta.tableName}"`);
      await sql(`truncate ${tables.join(', ')} cascade`);
      userId = (await repos.users.create(aNewUser())).id;
    });

    it('follows registries inserted, changed and deleted by plain SQL', async () => {
      const id = await insertRaw('Eden Rosenblatt');
      expect(await search('rosenb')).toEqual(['Eden Rosenblatt']);

      await sql('update registries set total_received = 12.00, personal_message = ? where id = ?', ['A gift!', id]);
      expect(await search('rosenb')).toEqual(['Eden Rosenblatt']);
      await sql('update registries set is_active = false where id = ?', [id]);
      expect(await search('rosenb')).toEqual([]);
      expect(await prefixesOf(id)).toEqual([]);
      await sql('update registries set is_active = true, child_name = ? where id = ?', ['Eden Rosen', id]);
      expect(await search('rosenb')).toEqual([]);
      expect(await search('eden', 'rosen')).toEqual(['Eden Rosen']);

      await sql('delete from registries where id = ?', [id]);
      expect(await prefixesOf(id)).toEqual([]);
      expect(await sql('select count(*)::int as count from registry_name_prefixes')).toEqual([{ count: 0 }]);
    });

    it('keeps each distinct beginning, 3 to 12 characters, of the name from each of its words on', async () => {
      const id = (await repos.registries.create(aNewRegistry(userId, { childName: "Ari Ariel-O'Li" }))).id;
      expect(await prefixesOf(id)).toEqual([
        'ari',
        'ari a',
        'ari ar',
        'ari ari',
        'ari arie',
        'ari ariel',
        'ari ariel o',
        'arie',
        'ariel',
        'ariel o',
        'ariel o l',
        'ariel o li',
        'o l',
        'o li',
      ]);
      const long = (await repos.registries.create(aNewRegistry(userId, { childName: 'Wolfeschlegelsteinhausen' }))).id;
      expect(await prefixesOf(long)).toEqual([
        'wol',
        'wolf',
        'wolfe',
        'wolfes',
        'wolfesc',
        'wolfesch',
        'wolfeschl',
        'wolfeschle',
        'wolfeschleg',
        'wolfeschlege',
      ]);
      await repos.registries.delete(id);
      expect(await prefixesOf(id)).toEqual([]);
    });

    it('folds letter case as the regular expression does, not as lower() alone', async () => {
      // lower('Σ') is 'σ' while the final 'ς' stays; (?i) takes 'ς' and 'Σ' as one letter.
      await repos.registries.create(aNewRegistry(userId, { childName: 'ΣΟΦΙΑΣ Levi' }));
      await repos.registries.create(aNewRegistry(userId, { childName: 'Élie Dupont' }));
      expect(await search('σοφιας')).toEqual(['ΣΟΦΙΑΣ Levi']);
      expect(await search('ΣΟΦΙΑΣ')).toEqual(['ΣΟΦΙΑΣ Levi']);
      expect(await search('éLIE')).toEqual(['Élie Dupont']);
    });

    it('is emptied with the registries', async () => {
      await insertRaw('Boaz Katz');
      await sql('truncate registries cascade');
      expect(await sql('select count(*)::int as count from registry_name_prefixes')).toEqual([{ count: 0 }]);
    });
  });
});
