import type { Cents, Currency } from '@core/money';
import type { EntryKind, LedgerEntry } from '@core/model/ledger-entry';
import type { AccountBalance, Ledger, MonthlyMovement, PostedLedgerEntry } from '@core/ports/ledger';
import { bigintToCents, centsToBigint } from '../types/cents-type';
import type { EntityManagerSource } from './entity-manager-source';

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

const ENTRIES_WITH_POSTINGS = `
  select e."key", e."kind", e."currency", e."reference", e."posted_at", p."account", p."amount"::text as "amount"
  from "ledger_entries" e join "ledger_postings" p on p."entry_id" = e."id"`;

// Months in UTC, whatever the session's time zone.
const MONTHLY_MOVEMENTS = `
  select e."currency", to_char(e."posted_at" at time zone 'UTC', 'YYYY-MM') as "month", e."kind", p."account",
    (e."reference" is not null) as "referenced", sum(p."amount")::text as "amount"
  from "ledger_postings" p join "ledger_entries" e on e."id" = p."entry_id"
  group by 1, 2, 3, 4, 5`;

type EntryRow = {
  key: string;
  kind: EntryKind;
  currency: Currency;
  reference: string | null;
  posted_at: Date | string;
  account: string;
  amount: string;
};

/** Rows of entries joined with their postings, one entry each, in the rows' order. */
function entriesOf(rows: readonly EntryRow[]): PostedLedgerEntry[] {
  const entries = new Map<string, PostedLedgerEntry>();
  for (const row of rows) {
    const entry = entries.get(row.key) ?? {
      key: row.key,
      kind: row.kind,
      currency: row.currency,
      reference: row.reference,
      postedAt: new Date(row.posted_at),
      postings: [],
    };
    entry.postings.push({ account: row.account, amount: bigintToCents(row.amount) });
    entries.set(row.key, entry);
  }
  return [...entries.values()];
}

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
    const params = entry.postings.flatMap((posting) => [id, posting.account, centsToBigint(posting.amount)]);
    await em.execute(`insert into "ledger_postings" ("entry_id", "account", "amount") values ${values}`, params, 'run');
    return true;
  }

  async listBalances(): Promise<AccountBalance[]> {
    const rows = await this.em().execute<{ currency: Currency; account: string; balance: string }[]>(BALANCES);
    return rows.map((row) => ({ currency: row.currency, account: row.account, balance: bigintToCents(row.balance) }));
  }

  async countEntries(): Promise<Map<Currency, number>> {
    const rows = await this.em().execute<{ currency: Currency; count: string | number }[]>(
      `select "currency", count(*) as "count" from "ledger_entries" group by "currency"`,
    );
    return new Map(rows.map((row) => [row.currency, Number(row.count)]));
  }

  async listUnbalancedEntries(): Promise<{ key: string; currency: Currency; total: Cents }[]> {
    const rows = await this.em().execute<{ key: string; currency: Currency; total: string }[]>(UNBALANCED);
    return rows.map((row) => ({ key: row.key, currency: row.currency, total: bigintToCents(row.total) }));
  }

  async listByReferences(references: readonly string[]): Promise<PostedLedgerEntry[]> {
    if (references.length === 0) return [];
    const rows = await this.em().execute<EntryRow[]>(
      `${ENTRIES_WITH_POSTINGS} where e."reference" in (?) order by e."posted_at", e."key"`,
      [[...references]],
    );
    return entriesOf(rows);
  }

  async listPosted(range: { from: Date; to: Date }, kinds?: readonly EntryKind[]): Promise<PostedLedgerEntry[]> {
    if (kinds?.length === 0) return [];
    const ofKinds = kinds ? ` and e."kind" in (?)` : '';
    const rows = await this.em().execute<EntryRow[]>(
      `${ENTRIES_WITH_POSTINGS} where e."posted_at" >= ? and e."posted_at" < ?${ofKinds} order by e."posted_at", e."key"`,
      kinds ? [range.from, range.to, [...kinds]] : [range.from, range.to],
    );
    return entriesOf(rows);
  }

  async listMonthlyMovements(): Promise<MonthlyMovement[]> {
    const rows =
      await this.em().execute<
        { currency: Currency; month: string; kind: EntryKind; account: string; referenced: boolean; amount: string }[]
      >(MONTHLY_MOVEMENTS);
    return rows.map((row) => ({
      currency: row.currency,
      month: row.month,
      kind: row.kind,
      account: row.account,
      referenced: row.referenced,
      amount: bigintToCents(row.amount),
    }));
  }
}
