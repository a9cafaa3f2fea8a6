import type { Cents, Currency } from '@core/money';
import type { LedgerEntry } from '@core/ledger/ledger-entry';
import type { AccountBalance, Ledger } from '@core/ports/repositories';
import type { EntityManagerSource } from './entity-manager-source';

/** Exact: sums of bigints come back as text, never through a float. */
function cents(text: string | number | bigint): Cents {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`ledger amount ${String(text)} is not a whole number of cents`);
  return value;
}

// The key is unique: a change reported twice inserts nothing the second time, and its postings are skipped.
const INSERT_ENTRY = `insert into "ledger_entries" ("key", "kind", "currency", "reference") values (?, ?, ?, ?) on conflict ("key") do nothing returning "id"`;

const BALANCES = `
  select e."currency", p."account", sum(p."amount")::text as "balance"
  from "ledger_postings" p join "ledger_entries" e on e."id" = p."entry_id"
  group by e."currency", p."account"`;

const UNBALANCED = `
  select e."key", e."currency", sum(p."amount")::text as "total"
  from "ledger_entries" e join "ledger_postings" p on p."entry_id" = e."id"
  group by e."id", e."key", e."currency"
  having sum(p."amount") <> 0`;

/**
 * Plain statements, never the identity map: an entry once written is never flushed again, and the
 * tables' triggers refuse any UPDATE or DELETE and any entry that does not balance at commit.
 */
export class MikroOrmLedger implements Ledger {
  constructor(private readonly em: EntityManagerSource) {}

  async post(entry: LedgerEntry): Promise<boolean> {
    const em = this.em();
    const inserted = await em.execute<{ id: string }[]>(INSERT_ENTRY, [entry.key, entry.kind, entry.currency, entry.reference]);
    const id = inserted[0]?.id;
    if (!id) return false;
    const values = entry.postings.map(() => '(?, ?, ?)').join(', ');
    const params = entry.postings.flatMap((posting) => [id, posting.account, String(posting.amount)]);
    await em.execute(`insert into "ledger_postings" ("entry_id", "account", "amount") values ${values}`, params, 'run');
    return true;
  }

  async listBalances(): Promise<AccountBalance[]> {
    const rows = await this.em().execute<{ currency: Currency; account: string; balance: string }[]>(BALANCES);
    return rows.map((row) => ({ currency: row.currency, account: row.account, balance: cents(row.balance) }));
  }

  async countEntries(): Promise<Map<Currency, number>> {
    const rows = await this.em().execute<{ currency: Currency; count: string | number }[]>(`select "currency", count(*) as "count" from "ledger_entries" group by "currency"`);
    return new Map(rows.map((row) => [row.currency, Number(row.count)]));
  }

  async listUnbalancedEntries(): Promise<{ key: string; currency: Currency; total: Cents }[]> {
    const rows = await this.em().execute<{ key: string; currency: Currency; total: string }[]>(UNBALANCED);
    return rows.map((row) => ({ key: row.key, currency: row.currency, total: cents(row.total) }));
  }
}
