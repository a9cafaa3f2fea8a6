import type { Cents, Currency } from '../money';
import type { MonthlyMovement, PostedLedgerEntry } from '../ports/ledger';
import {
  CARD_FEES_COLLECTED,
  CARD_FEES_PAID,
  DISPUTE_FEES,
  DISPUTE_LOSSES,
  DISPUTED_FUNDS,
  normalBalance,
  OPENING_DIFFERENCE,
  PAYOUTS_IN_TRANSIT,
  PLATFORM_FEE_REVENUE,
  PROVIDER_CASH,
  REFUNDS_ABSORBED,
  REFUNDS_AT_PLATFORM_COST,
} from './chart-of-accounts';
import { FINANCE_LINES, type FinanceLineId } from './finance-lines';

export interface FinanceLine {
  id: FinanceLineId;
  /** What moved in the month. */
  month: Cents;
  /** Where it stood at the end of the month, counting every month before. */
  toDate: Cents;
}

/**
 * How a family payout sent without a provider id (a bank transfer has one) went: PayPal or check,
 * as its registry says for the registry's own payout, and as its follow-up says for the one paying
 * a gift whose dispute was won after closing.
 */
export type ManualMethodOf = (payout: PostedLedgerEntry) => 'paypal' | 'check' | null;

const REGISTRY_GIFTS = /^registry:([^:]+):gifts$/;
const REGISTRY_DISPUTED = /^registry:[^:]+:disputed$/;
const FAMILY_PAYABLE = /^family:([^:]+):payable$/;
const CHARITY_PAYABLE = /^charity:[^:]+:payable$/;

const PLATFORM_LINES: [FinanceLineId, string][] = [
  ['payoutsInTransit', PAYOUTS_IN_TRANSIT],
  ['platformFeeRevenue', PLATFORM_FEE_REVENUE],
  ['cardFeesCollected', CARD_FEES_COLLECTED],
  ['cardFeesPaid', CARD_FEES_PAID],
  ['refundsAbsorbed', REFUNDS_ABSORBED],
  ['refundsAtPlatformCost', REFUNDS_AT_PLATFORM_COST],
  ['disputeLosses', DISPUTE_LOSSES],
  ['disputeFees', DISPUTE_FEES],
  ['openingDifference', OPENING_DIFFERENCE],
  ['providerCash', PROVIDER_CASH],
  ['disputedFunds', DISPUTED_FUNDS],
];

/** The entries that give a paid gift back to its giver, all they paid; a late payment's refund gives back money never counted as taken. */
const REFUND_KINDS: ReadonlySet<string> = new Set(['gift.refunded', 'gift.refunded_after_closing', 'gift.refunded_at_platform_cost']);

/** What is held for families and charities, wherever it is on its way to them. */
const HELD_FOR_OTHERS: FinanceLineId[] = [
  'heldForOpenRegistries',
  'heldForDisputedGifts',
  'heldForClosedRegistries',
  'payoutsInTransit',
  'heldForCharities',
];
/** What the platform earned, and (below) what it bore: the difference is its net. */
const EARNED: FinanceLineId[] = ['platformFeeRevenue', 'cardFeesCollected'];
const BORNE: FinanceLineId[] = [
  'cardFeesPaid',
  'refundsAbsorbed',
  'refundsAtPlatformCost',
  'disputeLosses',
  'disputeFees',
  'openingDifference',
];

/** The registry a family's payout entry is for: its key names it (posting-rules.ts, familyPayoutSentEntry). */
export function registryOfPayoutSent(key: string): string | null {
  return /^registry:([^:]+):payout-sent$/.exec(key)?.[1] ?? null;
}

/** The dispute a follow-up payout's entry is for: its key names it (dispute-postings.ts, followUpSentEntry). */
export function disputeOfFollowUpSent(key: string): string | null {
  return /^dispute:([^:]+):follow-up-sent$/.exec(key)?.[1] ?? null;
}

/** The family payouts (a registry's own, and a dispute's follow-up) and the charity payouts. */
const FAMILY_PAYOUT_KINDS: ReadonlySet<string> = new Set(['family_payout.sent', 'dispute.follow_up_sent']);

/**
 * What left provider cash to families and charities, by how: a family's bank transfer names the
 * provider's transfer; for one without, methodOf says PayPal or check.
 */
function paidOutOf(
  payouts: readonly PostedLedgerEntry[],
  methodOf: ManualMethodOf,
): Pick<Record<FinanceLineId, Cents>, 'paidOutBankTransfer' | 'paidOutPaypal' | 'paidOutCheck' | 'paidOutToCharities'> {
  const paid = { paidOutBankTransfer: 0, paidOutPaypal: 0, paidOutCheck: 0, paidOutToCharities: 0 };
  for (const entry of payouts) {
    const left = -entry.postings.filter((posting) => posting.account === PROVIDER_CASH).reduce((sum, posting) => sum + posting.amount, 0);
    if (entry.kind === 'charity_payout.sent') paid.paidOutToCharities += left;
    if (!FAMILY_PAYOUT_KINDS.has(entry.kind)) continue;
    const method = entry.reference !== null ? 'bank' : methodOf(entry);
    if (method === 'bank') paid.paidOutBankTransfer += left;
    else if (method === 'paypal') paid.paidOutPaypal += left;
    else if (method === 'check') paid.paidOutCheck += left;
  }
  return paid;
}

/** Every figure of one set of movements and payouts (one month's, or all of them up to a month's end). */
function figuresOf(
  rows: readonly MonthlyMovement[],
  payouts: readonly PostedLedgerEntry[],
  methodOf: ManualMethodOf,
): Record<FinanceLineId, Cents> {
  const sum = (keep: (row: MonthlyMovement) => boolean) => rows.filter(keep).reduce((total, row) => total + row.amount, 0);
  const normal = (account: string, keep: (row: MonthlyMovement) => boolean) => normalBalance(account, sum(keep));
  const figures = {
    moneyTaken: sum((row) => row.kind === 'gift.paid' && (row.account === PROVIDER_CASH || row.account === CARD_FEES_PAID)),
    giftVolume: -sum((row) => row.kind === 'gift.paid' && REGISTRY_GIFTS.test(row.account)),
    refundedToGivers: -sum((row) => REFUND_KINDS.has(row.kind) && row.account === PROVIDER_CASH),
    heldForOpenRegistries: normal('registry:*:gifts', (row) => REGISTRY_GIFTS.test(row.account)),
    heldForDisputedGifts: normal('registry:*:disputed', (row) => REGISTRY_DISPUTED.test(row.account)),
    heldForClosedRegistries: normal('family:*:payable', (row) => FAMILY_PAYABLE.test(row.account)),
    heldForCharities: normal('charity:*:payable', (row) => CHARITY_PAYABLE.test(row.account)),
    ...paidOutOf(payouts, methodOf),
  } as Record<FinanceLineId, Cents>;
  for (const [id, account] of PLATFORM_LINES) figures[id] = normal(account, (row) => row.account === account);
  const total = (ids: FinanceLineId[]) => ids.reduce((sum, id) => sum + figures[id], 0);
  figures.heldForOthers = total(HELD_FOR_OTHERS);
  figures.platformNet = total(EARNED) - total(BORNE);
  return Object.fromEntries(FINANCE_LINES.map((id) => [id, figures[id] === 0 ? 0 : figures[id]])) as Record<FinanceLineId, Cents>;
}

/**
 * How much less cash the provider holds than the platform holds for others (families and
 * charities), at the end of the lines' month; 0 when it holds enough. Above 0, sending every payout
 * waiting would overdraw the balance: the platform bore more (a dispute's fee, a refund at its
 * cost) than it had earned there.
 */
export function cashShortfall(lines: readonly FinanceLine[]): Cents {
  const toDate = (id: FinanceLineId) => lines.find((line) => line.id === id)?.toDate ?? 0;
  return Math.max(0, toDate('heldForOthers') - toDate('providerCash'));
}

/** The kinds of entry that pay money out, which the finance figures read one by one (to tell the methods apart). */
export const PAYOUT_KINDS = ['family_payout.sent', 'dispute.follow_up_sent', 'charity_payout.sent'] as const;

/**
 * The finance page's lines for one currency and month (YYYY-MM), from the ledger's movements per
 * month and its payout entries (PAYOUT_KINDS) up to the month's end.
 */
export function financeLines(
  movements: readonly MonthlyMovement[],
  payouts: readonly PostedLedgerEntry[],
  currency: Currency,
  month: string,
  methodOf: ManualMethodOf,
): FinanceLine[] {
  const own = movements.filter((row) => row.currency === currency && row.month <= month);
  const paid = payouts.filter((entry) => entry.currency === currency && entry.postedAt.toISOString().slice(0, 7) <= month);
  const inMonth = figuresOf(
    own.filter((row) => row.month === month),
    paid.filter((entry) => entry.postedAt.toISOString().slice(0, 7) === month),
    methodOf,
  );
  const toDate = figuresOf(own, paid, methodOf);
  return FINANCE_LINES.map((id) => ({ id, month: inMonth[id], toDate: toDate[id] }));
}

/** The gifts paid in each month (what families and charities were given, fees apart) for the chart: the last `count` months up to `month`, empty ones included. */
export function monthlyGiftVolume(
  movements: readonly MonthlyMovement[],
  currency: Currency,
  month: string,
  count: number,
): { month: string; amount: Cents }[] {
  return monthsUpTo(month, count).map((each) => ({
    month: each,
    amount:
      -movements
        .filter((row) => row.currency === currency && row.month === each && row.kind === 'gift.paid' && REGISTRY_GIFTS.test(row.account))
        .reduce((total, row) => total + row.amount, 0) || 0,
  }));
}

/** The `count` months ending with `month`, oldest first: 2026-11 and 3 give 2026-09, 2026-10, 2026-11. */
export function monthsUpTo(month: string, count: number): string[] {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, number - 1 - (count - 1 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The UTC month a YYYY-MM names, from its first instant to the next month's; null for anything else. */
export function monthRange(month: string): { from: Date; to: Date } | null {
  const match = MONTH.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const number = Number(match[2]);
  if (year < 2000 || year > 9999) return null;
  return { from: new Date(Date.UTC(year, number - 1, 1)), to: new Date(Date.UTC(year, number, 1)) };
}
