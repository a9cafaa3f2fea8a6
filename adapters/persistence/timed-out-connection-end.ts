import type pg from 'pg';

const QUERY_READ_TIMEOUT = 'Query read timeout';

/**
 * node-postgres answers a query that got nothing back within query_timeout with an error, but keeps
 * the connection: its statement may still be running, or its answer stuck in a frozen network,
 * and whatever runs next on it would wait behind that. Such a connection is ended here instead, and
 * the pool discards it (see releaseConnectionsThatDie), so the next query gets a fresh one.
 */
export function endConnectionsThatTimeOut(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const endOnTimeout = (error: unknown) => {
      if ((error as { message?: unknown } | null)?.message !== QUERY_READ_TIMEOUT) return;
      // Not queryable from now on (pg-pool reads the same flag), so neither a ROLLBACK nor a
      // release racing the socket's end can hand the connection on.
      const internals = client as unknown as { _queryable: boolean; connection: { stream: { destroy(): void } } };
      internals._queryable = false;
      internals.connection.stream.destroy();
    };
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      // A promise answer (how Kysely queries); a callback or a Query object is left as it is.
      if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).catch(endOnTimeout);
      return result;
    }) as typeof client.query;
  });
}
