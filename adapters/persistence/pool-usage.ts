import type pg from 'pg';
import type { DatabaseConfig, Orm } from './orm';

/** The connection pool now: connections checked out and idle, and queries waiting for one. */
export interface PoolUsage {
  inUse: number;
  idle: number;
  waiting: number;
}

/**
 * Reads the PostgreSQL pool's figures at any moment; null on PGlite, which has no pool (one
 * connection inside this process).
 */
export async function poolUsageReader(orm: Orm, database: DatabaseConfig): Promise<() => PoolUsage | null> {
  if (database.kind !== 'postgresql') return () => null;
  const connection = orm.em.getConnection() as unknown as { getNativeClient(): Promise<pg.Pool> };
  const pool = await connection.getNativeClient();
  return () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount });
}
