import type { Cents, Currency } from '../money';

/** One side of an entry: signed cents on one account, debits positive and credits negative. */
export interface Posting {
  account: string;
  amount: Cents;
}

export const ENTRY_KINDS = [
  'opening',
  'gift.paid',
  'gift.refunded',
  'gift.late_payment_refunded',
  'gift.refunded_after_closing',
  'gift.refunded_at_platform_cost',
  'registry.closed',
  'family_payout.claimed',
  'family_payout.released',
  'family_payout.sent',
  'charity_payout.claimed',
  'charity_payout.released',
  'charity_payout.sent',
  'dispute.opened',
  'dispute.funds_withdrawn',
  'dispute.funds_reinstated',
  'dispute.won',
  'dispute.lost',
  'dispute.transfer_reversed',
  'dispute.loss_held',
  'dispute.released',
  'dispute.follow_up_sent',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/**
 * A balanced set of postings in one currency, posted in the transaction of the change that moved
 * the money. The key names that change (`refund:<gift id>`, say): a change reported twice, by a
 * duplicate webhook or a retried request, posts once. The database stamps when it was posted.
 */
export interface LedgerEntry {
  key: string;
  kind: EntryKind;
  currency: Currency;
  /** The provider's id for the money that moved (a payment, a transfer), for reconciliation; null for what the provider never sees. */
  reference: string | null;
  postings: Posting[];
}

export class UnbalancedEntry extends Error {
  override readonly name = 'UnbalancedEntry';
}

/**
 * An entry from its postings, zero ones left out and postings to the same account added together;
 * null when nothing is left (nothing moved). Refuses, before anything is written, postings that do
 * not add up to zero or are not whole cents.
 */
export function balancedEntry(entry: Omit<LedgerEntry, 'postings'>, postings: readonly Posting[]): LedgerEntry | null {
  const byAccount = new Map<string, Cents>();
  for (const posting of postings) {
    if (!Number.isSafeInteger(posting.amount)) throw new UnbalancedEntry(`${entry.key}: ${posting.account} is not a whole number of cents`);
    byAccount.set(posting.account, (byAccount.get(posting.account) ?? 0) + posting.amount);
  }
  const kept = [...byAccount].filter(([, amount]) => amount !== 0).map(([account, amount]) => ({ account, amount }));
  const total = kept.reduce((sum, posting) => sum + posting.amount, 0);
  if (total !== 0) throw new UnbalancedEntry(`${entry.key}: postings add up to ${total}, not 0`);
  return kept.length === 0 ? null : { ...entry, postings: kept };
}
