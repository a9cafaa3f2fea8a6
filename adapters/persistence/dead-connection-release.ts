import type pg from 'pg';

/**
 * Kysely gives a connection back to the pool only after its COMMIT or ROLLBACK succeeds, so a
 * connection the server dropped in the middle of a transaction would keep its pool slot for ever:
 * after as many drops as the pool has slots, every query (the health check's too) waits for ever.
 * A connection whose socket ends while it is checked out is given back here, with the error that
 * makes pg-pool discard it and open a new one when next needed.
 */
export function releaseConnectionsThatDie(pool: pg.Pool): void {
  const checkedOut = new WeakSet<pg.PoolClient>();
  const watched = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    checkedOut.add(client);
    if (watched.has(client)) return;
    watched.add(client);
    client.once('end', () => {
      if (!checkedOut.has(client)) return;
      const release = client.release;
      // Whoever holds the connection may still call release once its ROLLBACK fails; pg-pool
      // would throw on that second release.
      client.release = () => undefined;
      release(new Error('The database closed the connection'));
    });
  });
  pool.on('release', (_error, client) => {
    checkedOut.delete(client);
  });
}
