import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import { createMikroOrmRepositories } from '../../adapters/persistence/repositories';
import { openTestDatabase } from '../support/databases';
import { emptyTables } from '../support/empty-tables';
import { aCharity, aNewGift, aNewRegistry, aNewUser } from '../support/builders';
import { repositoryContract } from './repositories.contract';

// The embedded database on disk is opened by one process alone, so the server keeps guests' reads
// until the next change made through its repositories. The same contract holds with the cache on.
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase('pglite');
});
afterAll(async () => {
  await database?.close();
});

async function emptied(): Promise<Repositories & UnitOfWork> {
  await emptyTables(database.orm);
  return createMikroOrmRepositories(database.orm, { onlyWriter: true });
}

repositoryContract('MikroORM on PGlite, reads kept between changes', emptied);

describe('reads kept between changes (the only writer)', () => {
  let repos: Repositories & UnitOfWork;
  let registryId: string;
  let charityId: string;
  beforeEach(async () => {
    repos = await emptied();
    const user = await repos.users.create(aNewUser());
    charityId = (await repos.charities.create(aCharity())).id;
    registryId = (await repos.registries.create(aNewRegistry(user.id, { childName: 'Tamar Goldberg' }))).id;
  });

  it('answers a repeated read from memory: a row changed behind the repositories is not seen', async () => {
    await repos.registries.findById(registryId);
    await database.orm.em.fork().execute(`update registries set child_name = 'Changed Behind' where id = ?`, [registryId]);
    expect((await repos.registries.findById(registryId))?.childName).toBe('Tamar Goldberg');
  });

  it('reads afresh after any change made through the repositories', async () => {
    expect((await repos.registries.findById(registryId))?.childName).toBe('Tamar Goldberg');
    expect((await repos.registries.searchListedByChildName(['gold'], 20)).map((registry) => registry.id)).toEqual([registryId]);
    await repos.registries.update(registryId, { childName: 'Tamar Rose' });
    expect((await repos.registries.findById(registryId))?.childName).toBe('Tamar Rose');
    expect(await repos.registries.searchListedByChildName(['gold'], 20)).toEqual([]);
  });

  it('reads afresh after a transaction, so a gift that succeeded is counted at once', async () => {
    expect((await repos.gifts.countSucceeded([registryId])).get(registryId)).toBeUndefined();
    await repos.transaction(async (inside) => {
      await inside.gifts.create(aNewGift(registryId, charityId, { paymentStatus: 'succeeded' }));
    });
    expect((await repos.gifts.countSucceeded([registryId])).get(registryId)).toBe(1);
  });

  it('gives each caller its own copy, so one caller changing it changes nothing for the next', async () => {
    const first = await repos.registries.findById(registryId);
    first!.childName = 'Scribbled';
    expect((await repos.registries.findById(registryId))?.childName).toBe('Tamar Goldberg');
  });
});
