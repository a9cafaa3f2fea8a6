import type { BalanceTransaction, TimeRange } from './payment-gateway';

/**
 * The sandbox provider's record of the platform's balance: its charges, refunds and transfers, as
 * Stripe keeps balance transactions. Kept in the database, so reconciliation finds yesterday's
 * movements after a restart and on every instance.
 */
export interface SandboxBalance {
  /** Records the movement unless one with its id is recorded already. */
  record(transaction: BalanceTransaction): Promise<void>;
  /** The movements created in the range, oldest first. */
  list(range: TimeRange): Promise<BalanceTransaction[]>;
}
