import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../bootstrap/config';
import { openInfrastructure, type Infrastructure } from '../../bootstrap/container';
import { aNewRegistry, aNewUser } from '../support/builders';

// PGlite runs no autovacuum: the server refreshes its planner statistics itself, or guest search
// is planned as a scan and sort of every name prefix once the tables have grown.
describe('the embedded database’s planner statistics', () => {
  let dataDir: string;
  let infrastructure: Infrastructure;
  const estimatedPrefixes = async () => {
    const [row] = await infrastructure.orm.em
      .fork()
      .execute<{ reltuples: number }[]>("select reltuples from pg_class where relname = 'registry_name_prefixes'");
    return Number(row!.reltuples);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'registry-statistics-'));
    infrastructure = await openInfrastructure(readConfig({ DATA_DIR: dataDir, NODE_ENV: 'development' }, dataDir), {
      migrate: true,
      onNewerSchema: () => undefined,
    });
  });
  afterAll(async () => {
    await infrastructure?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('are known from the start and follow the tables as they grow', async () => {
    // Analysed when opened: an empty table is known to be empty (never analysed reads -1).
    expect(await estimatedPrefixes()).toBe(0);
    const { repositories } = infrastructure;
    const userId = (await repositories.users.create(aNewUser())).id;
    for (let index = 0; index < 30; index += 1)
      await repositories.registries.create(aNewRegistry(userId, { childName: `Shira Blumenthal ${index}` }));
    const [{ count } = { count: 0 }] = await infrastructure.orm.em
      .fork()
      .execute<{ count: number }[]>('select count(*)::int as count from registry_name_prefixes');
    expect(count).toBeGreaterThan(0);
    expect(await estimatedPrefixes()).toBe(0);

    await infrastructure.refreshStatistics();
    expect(await estimatedPrefixes()).toBe(count);
  });
});
