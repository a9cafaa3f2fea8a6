import type { EntryKind, LedgerEntry } from '../model/ledger-entry';
import type { Cents, Currency } from '../money';

/** An account's balance in one currency: signed cents, debits positive (see core/ledger/chart-of-accounts.ts). */
export interface AccountBalance {
  currency: Currency;
  account: string;
  balance: Cents;
}

/**
 * The double-entry ledger: append-only (the database refuses any UPDATE or DELETE of an entry or a
 * posting, and any entry whose postings do not add up to zero at commit). Entries are posted in the
 * transaction of the change that moved the money.
 */
export interface Ledger {
  /** Posts the entry unless one with its key was posted already, in one statement; answers whether this call posted it. */
  post(entry: LedgerEntry): Promise<boolean>;
  /** Every account's balance, per currency (accounts that were never posted to are absent). */
  listBalances(): Promise<AccountBalance[]>;
  /** How many entries each currency has. */
  countEntries(): Promise<Map<Currency, number>>;
  /** Entries whose postings do not add up to zero: none, unless someone went around the database's check. */
  listUnbalancedEntries(): Promise<{ key: string; currency: Currency; total: Cents }[]>;
  /** Every entry that names one of these provider ids, with its postings (reconciliation matches them). */
  listByReferences(references: readonly string[]): Promise<PostedLedgerEntry[]>;
  /** Every entry posted in the range (of these kinds only, when given), with its postings, oldest first. */
  listPosted(range: { from: Date; to: Date }, kinds?: readonly EntryKind[]): Promise<PostedLedgerEntry[]>;
  /** What each account moved, per currency and UTC month, by kind of entry: the finance page's figures. */
  listMonthlyMovements(): Promise<MonthlyMovement[]>;
}

/** A ledger entry as the database holds it: with when it was posted. */
export type PostedLedgerEntry = LedgerEntry & { postedAt: Date };

/** The sum of one account's postings in one currency and UTC month, in entries of one kind. */
export interface MonthlyMovement {
  currency: Currency;
  /** YYYY-MM, UTC. */
  month: string;
  kind: EntryKind;
  account: string;
  /** Whether the entries named a provider id (a bank transfer does, a PayPal or check payout does not). */
  referenced: boolean;
  /** Signed cents, debits positive. */
  amount: Cents;
}
