import { deleteInBatches } from './batched-delete';
import type { Orm } from './orm';

/**
 * The payment_start_notes table: which counter counted each payment's start, until that counter's
 * window ends. Taking a note deletes it in the same statement, so of every instance and path that
 * learns of the payment's success at once, one alone gets it.
 */
export function createPaymentStartNotes(orm: Orm) {
  // On the connection itself: a fixed statement uses no entity manager's identity map, so none is forked.
  const connection = orm.em.getConnection();
  const execute = (sql: string, params: unknown[]) => connection.execute<{ counter_key: string }[]>(sql, params, 'all');
  return {
    async note(paymentIntentId: string, counterKey: string, expiresAt: number): Promise<void> {
      await execute(
        `insert into "payment_start_notes" ("payment_intent_id", "counter_key", "expire") values (?, ?, ?) on conflict ("payment_intent_id") do nothing`,
        [paymentIntentId, counterKey, expiresAt],
      );
    },
    async take(paymentIntentId: string, now: number): Promise<string | null> {
      const rows = await execute(
        `delete from "payment_start_notes" where "payment_intent_id" = ? and "expire" > ? returning "counter_key"`,
        [paymentIntentId, now],
      );
      return rows[0]?.counter_key ?? null;
    },
  };
}

/** Deletes the notes whose window ended (nothing takes them any more), as the rate-limit counters are purged. */
export function purgeExpiredPaymentStartNotes(orm: Orm, now: Date): Promise<number> {
  return deleteInBatches(orm, { table: 'payment_start_notes', key: 'payment_intent_id', where: '"expire" < ?', params: [now.getTime()] });
}
