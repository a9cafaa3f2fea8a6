import { ENTITIES } from '../../adapters/persistence/entities';
import type { Orm } from '../../adapters/persistence/orm';

const statements = new WeakMap<Orm, Promise<string>>();

/**
 * Empties the entities' tables and every table that refers to them, as `truncate … cascade` did,
 * by deleting their rows, each table before those it refers to. TRUNCATE gives every table new
 * files, which cost PostgreSQL about 60 ms for our two dozen tables before each test, for the few
 * rows a test leaves; the deletes take a few. The append-only tables (the ledger, the audit trail)
 * refuse a DELETE, so they are truncated, first, and only when a test wrote to them.
 */
export async function emptyTables(orm: Orm): Promise<void> {
  if (!statements.has(orm)) statements.set(orm, emptyingStatement(orm));
  await orm.em.fork().execute(await statements.get(orm)!);
}

async function emptyingStatement(orm: Orm): Promise<string> {
  const tables = await deletionOrder(orm);
  const appendOnly: { table: string }[] = await orm.em
    .fork()
    .execute(`select distinct c.relname as "table" from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = 'append_only'`);
  const truncated = appendOnly.map(({ table }) => `"${table}"`).filter((table) => tables.includes(table));
  const written = truncated.map((table) => `exists (select from ${table})`).join(' or ');
  const truncate = truncated.length > 0 ? `if ${written} then truncate ${truncated.join(', ')} cascade; end if;` : '';
  const deletes = tables.filter((table) => !truncated.includes(table)).map((table) => `delete from ${table};`);
  return `do $$ begin ${truncate} ${deletes.join(' ')} end $$`;
}

/** The tables to empty, quoted, each one before the tables it refers to. */
async function deletionOrder(orm: Orm): Promise<string[]> {
  const references: { child: string; parent: string }[] = await orm.em.fork().execute(
    `select c.relname as child, p.relname as parent
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );
  const tables = new Set(ENTITIES.map((entity) => entity.meta.tableName));
  // What cascade reaches: every table that refers to one being emptied.
  for (let grew = true; grew; ) {
    grew = false;
    for (const { child, parent } of references) {
      if (tables.has(parent) && !tables.has(child)) {
        tables.add(child);
        grew = true;
      }
    }
  }
  const order: string[] = [];
  const placed = new Set<string>();
  const place = (table: string) => {
    if (placed.has(table)) return;
    placed.add(table);
    // Whatever refers to this table goes first.
    for (const { child, parent } of references) if (parent === table && tables.has(child)) place(child);
    order.push(`"${table}"`);
  };
  for (const table of tables) place(table);
  return order;
}
