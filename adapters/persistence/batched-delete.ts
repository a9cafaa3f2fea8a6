import type { Orm } from './orm';

const BATCH_ROWS = 1_000;

/**
 * Deletes the rows of a table that match a condition, a thousand per statement (each its own
 * transaction), so a first purge of a grown table neither holds its locks long nor meets the
 * statement timeout. Rows another instance's purge has locked are skipped, so purges that overlap
 * share the work instead of waiting on each other. Answers how many rows this call deleted.
 */
export async function deleteInBatches(orm: Orm, target: { table: string; key: string; where: string; params: unknown[] }): Promise<number> {
  const { table, key, where, params } = target;
  const statement = `delete from "${table}" where "${key}" in (select "${key}" from "${table}" where ${where} limit ${BATCH_ROWS} for update skip locked)`;
  let deleted = 0;
  for (;;) {
    const { affectedRows } = await orm.em.fork().execute<{ affectedRows: number }>(statement, params, 'run');
    deleted += affectedRows;
    if (affectedRows < BATCH_ROWS) return deleted;
  }
}
