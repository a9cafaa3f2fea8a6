import type { BalanceTransaction, TimeRange } from '@core/ports/payment-gateway';
import type { SandboxBalance } from '@core/ports/sandbox-balance';

/** For tests only; the same rules as the database's record (the sandbox balance contract proves it). */
export class InMemorySandboxBalance implements SandboxBalance {
  readonly transactions = new Map<string, BalanceTransaction>();

  async record(transaction: BalanceTransaction): Promise<void> {
    if (!this.transactions.has(transaction.id)) this.transactions.set(transaction.id, { ...transaction });
  }

  async list(range: TimeRange): Promise<BalanceTransaction[]> {
    return [...this.transactions.values()]
      .filter((transaction) => transaction.created >= range.from && transaction.created < range.to)
      .sort((a, b) => a.created.getTime() - b.created.getTime() || (a.id < b.id ? -1 : 1))
      .map((transaction) => ({ ...transaction }));
  }
}
