import type { Cents, Currency } from '@core/money';
import type { EntryKind, LedgerEntry } from '@core/model/ledger-entry';
import type { AccountBalance, Ledger, MonthlyMovement, PostedLedgerEntry } from '@core/ports/ledger';

/**
 * For tests only. Offers no way to change or remove an entry, as the database's triggers refuse
 * to; the unit of work's rollback alone puts rows back. An entry that does not balance is refused
 * at once, where the database refuses it at commit: either way nothing of it lands.
 */
export class InMemoryLedger implements Ledger {
  /** By key: one entry per change that moved money. */
  rows = new Map<string, PostedLedgerEntry>();
  /** When an entry is posted, as the database's clock would stamp it; a test sets it to post in another month. */
  now: () => Date = () => new Date();

  async post(entry: LedgerEntry): Promise<boolean> {
    const total = entry.postings.reduce((sum, posting) => sum + posting.amount, 0);
    if (total !== 0) throw new Error(`ledger entry ${entry.key} does not balance: ${total}`);
    if (this.rows.has(entry.key)) return false;
    this.rows.set(entry.key, { ...structuredClone(entry), postedAt: this.now() });
    return true;
  }

  async listBalances(): Promise<AccountBalance[]> {
    const balances = new Map<string, AccountBalance>();
    for (const entry of this.rows.values()) {
      for (const posting of entry.postings) {
        const id = `${entry.currency} ${posting.account}`;
        const balance = balances.get(id) ?? { currency: entry.currency, account: posting.account, balance: 0 };
        balances.set(id, { ...balance, balance: balance.balance + posting.amount });
      }
    }
    return [...balances.values()];
  }

  async countEntries(): Promise<Map<Currency, number>> {
    const counts = new Map<Currency, number>();
    for (const entry of this.rows.values()) counts.set(entry.currency, (counts.get(entry.currency) ?? 0) + 1);
    return counts;
  }

  async listUnbalancedEntries(): Promise<{ key: string; currency: Currency; total: Cents }[]> {
    return [...this.rows.values()]
      .map((entry) => ({
        key: entry.key,
        currency: entry.currency,
        total: entry.postings.reduce((sum, posting) => sum + posting.amount, 0),
      }))
      .filter((entry) => entry.total !== 0);
  }

  async listByReferences(references: readonly string[]): Promise<PostedLedgerEntry[]> {
    const wanted = new Set(references);
    return this.inOrder().filter((entry) => entry.reference !== null && wanted.has(entry.reference));
  }

  async listPosted(range: { from: Date; to: Date }, kinds?: readonly EntryKind[]): Promise<PostedLedgerEntry[]> {
    return this.inOrder().filter(
      (entry) => entry.postedAt >= range.from && entry.postedAt < range.to && (!kinds || kinds.includes(entry.kind)),
    );
  }

  async listMonthlyMovements(): Promise<MonthlyMovement[]> {
    const movements = new Map<string, MonthlyMovement>();
    for (const entry of this.rows.values()) {
      const month = entry.postedAt.toISOString().slice(0, 7);
      const referenced = entry.reference !== null;
      for (const posting of entry.postings) {
        const id = [entry.currency, month, entry.kind, posting.account, referenced].join(' ');
        const movement = movements.get(id) ?? {
          currency: entry.currency,
          month,
          kind: entry.kind,
          account: posting.account,
          referenced,
          amount: 0,
        };
        movements.set(id, { ...movement, amount: movement.amount + posting.amount });
      }
    }
    return [...movements.values()];
  }

  private inOrder(): PostedLedgerEntry[] {
    return [...this.rows.values()]
      .map((entry) => structuredClone(entry))
      .sort((a, b) => a.postedAt.getTime() - b.postedAt.getTime() || (a.key < b.key ? -1 : 1));
  }
}
