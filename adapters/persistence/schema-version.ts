import type { Orm } from './orm';
import { MIGRATIONS } from './migrations';

/** Where the database's schema stands against the migrations this code knows. */
export interface SchemaState {
  /** Migrations of this code the database has not had, in order. */
  pending: string[];
  /** Migrations the database has had that this code does not know: a newer release migrated it. */
  unknown: string[];
}

/**
 * A server or admin command of a release whose migrations the database has not had: its queries
 * would meet columns and tables that are not there yet, so it does not start.
 */
export class SchemaBehindError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `The database schema is older than this release: ${pending.length} migration(s) not applied (${pending.join(', ')}). ` +
        'Run `npm run migrate` (as the role that owns the tables) before starting this release, or set MIGRATE_ON_START=true.',
    );
    this.name = 'SchemaBehindError';
  }
}

/**
 * Reads the migrations the database has recorded, without creating or changing anything: the
 * runtime role may not own the tables, and a database without the migrations table has had none.
 */
export async function readSchemaState(orm: Orm): Promise<SchemaState> {
  const em = orm.em.fork();
  const [table] = await em.execute<{ present: boolean }[]>(`select to_regclass('mikro_orm_migrations') is not null as present`);
  const recorded = table?.present
    ? (await em.execute<{ name: string }[]>('select name from mikro_orm_migrations')).map((row) => row.name.replace(/\.[jt]s$/, ''))
    : [];
  const applied = new Set(recorded);
  const known = new Set(MIGRATIONS.map((migration) => migration.name));
  return {
    pending: MIGRATIONS.map((migration) => migration.name).filter((name) => !applied.has(name)),
    unknown: recorded.filter((name) => !known.has(name)).sort(),
  };
}
