import { RateLimiterPostgres, RateLimiterRes, type IRateLimiterStoreOptions } from 'rate-limiter-flexible';
import { deleteInBatches } from './batched-delete';
import type { Orm } from './orm';

interface PgStyleQuery {
  text: string;
  values?: unknown[];
}

/**
 * rate-limiter-flexible speaks node-postgres ($1 placeholders, {rows, rowCount}); this hands its
 * queries to MikroORM's connection instead, so the counters live in our database on PGlite and on
 * PostgreSQL alike and every server process shares them. The statements run on the connection
 * itself: no entity manager is forked for them, as none of its identity map or unit of work is used.
 */
function mikroOrmClient(orm: Orm) {
  const connection = orm.em.getConnection();
  return {
    async query({ text, values = [] }: PgStyleQuery) {
      const params: unknown[] = [];
      const sql = text.replace(/\$(\d+)/g, (_match, index: string) => {
        params.push(values[Number(index) - 1]);
        return '?';
      });
      const rows = await connection.execute<Record<string, unknown>[]>(sql, params, 'all');
      const list = Array.isArray(rows) ? rows : [];
      return { rows: list, rowCount: list.length };
    },
  };
}

export type RateLimiterOptions = Pick<IRateLimiterStoreOptions, 'keyPrefix' | 'points' | 'duration' | 'blockDuration'>;

/** Tells each refusal to `onRefused` with the limiter's name (its key prefix), for the metrics. */
class ReportingRateLimiter extends RateLimiterPostgres {
  constructor(
    options: ConstructorParameters<typeof RateLimiterPostgres>[0],
    private readonly onRefused: (limit: string) => void,
  ) {
    super(options);
  }

  override async consume(key: string | number, points?: number, options?: Record<string, unknown>): Promise<RateLimiterRes> {
    try {
      return await super.consume(key, points, options);
    } catch (error) {
      if (error instanceof RateLimiterRes) this.onRefused(this.keyPrefix);
      throw error;
    }
  }
}

/** A limiter whose table (rate_limits) is made by our migrations, not by the library; refusals go to `onRefused`. */
export function createRateLimiter(orm: Orm, options: RateLimiterOptions, onRefused: (limit: string) => void): RateLimiterPostgres {
  return new ReportingRateLimiter(
    {
      ...options,
      storeClient: mikroOrmClient(orm),
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      clearExpiredByTimeout: false,
    },
    onRefused,
  );
}

// As the library's own clean-up does: instances' clocks differ, and one running ahead must not clear
// a counter another instance still counts on.
const EXPIRED_COUNTER_MARGIN_MS = 60 * 60 * 1000;

/**
 * Deletes the counters whose window ended over an hour before now (rate-limiter-flexible's expire,
 * in epoch milliseconds), which nothing else removes. A limiter that counts on such a key again
 * starts it afresh, as it would have over the expired row.
 */
export function purgeExpiredRateLimits(orm: Orm, now: Date): Promise<number> {
  return deleteInBatches(orm, {
    table: 'rate_limits',
    key: 'key',
    where: '"expire" < ?',
    params: [now.getTime() - EXPIRED_COUNTER_MARGIN_MS],
  });
}
