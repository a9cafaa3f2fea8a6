import type { Cents, Currency } from '../money';
import type { MonthlyMovement } from '../ports/repositories';
import {
  CARD_FEES_COLLECTED,
  CARD_FEES_PAID,
  DISPUTE_FEES,
  DISPUTE_LOSSES,
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

/** How a closed registry's family is paid, for the payouts sent without a provider id (a bank transfer has one). */
export type ManualMethodOf = (registryId: string) => 'paypal' | 'check' | null;

const REGISTRY_GIFTS = /^registry:([^:]+):gifts$/;
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
];

/** Every figure of one set of movements (one month's, or all of them up to a month's end). */
function figuresOf(rows: readonly MonthlyMovement[], methodOf: ManualMethodOf): Record<FinanceLineId, Cents> {
  const sum = (keep: (row: MonthlyMovement) => boolean) => rows.filter(keep).reduce((total, row) => total + row.amount, 0);
  const normal = (account: string, keep: (row: MonthlyMovement) => boolean) => normalBalance(account, sum(keep));
  // A family's payout debits what it is owed; where the entry names no provider id it went by PayPal or check.
  const familyPaid = (keep: (row: MonthlyMovement) => boolean) => sum((row) => row.kind === 'family_payout.sent' && FAMILY_PAYABLE.test(row.account) && keep(row));
  const manual = (method: 'paypal' | 'check') => familyPaid((row) => !row.referenced && methodOf(FAMILY_PAYABLE.exec(row.account)![1]!) === method);
  const figures = {
    moneyTaken: sum((row) => row.kind === 'gift.paid' && (row.account === PROVIDER_CASH || row.account === CARD_FEES_PAID)),
    giftVolume: -sum((row) => row.kind === 'gift.paid' && REGISTRY_GIFTS.test(row.account)),
    heldForOpenRegistries: normal('registry:*:gifts', (row) => REGISTRY_GIFTS.test(row.account)),
    heldForClosedRegistries: normal('family:*:payable', (row) => FAMILY_PAYABLE.test(row.account)),
    heldForCharities: normal('charity:*:payable', (row) => CHARITY_PAYABLE.test(row.account)),
    paidOutBankTransfer: familyPaid((row) => row.referenced),
    paidOutPaypal: manual('paypal'),
    paidOutCheck: manual('check'),
    paidOutToCharities: sum((row) => row.kind === 'charity_payout.sent' && CHARITY_PAYABLE.test(row.account)),
  } as Record<FinanceLineId, Cents>;
  for (const [id, account] of PLATFORM_LINES) figures[id] = normal(account, (row) => row.account === account);
  return Object.fromEntries(FINANCE_LINES.map((id) => [id, figures[id] === 0 ? 0 : figures[id]])) as Record<FinanceLineId, Cents>;
}

/** The finance page's lines for one currency and month (YYYY-MM). */
export function financeLines(movements: readonly MonthlyMovement[], currency: Currency, month: string, methodOf: ManualMethodOf): FinanceLine[] {
  const own = movements.filter((row) => row.currency === currency && row.month <= month);
  const inMonth = figuresOf(
    own.filter((row) => row.month === month),
    methodOf,
  );
  const toDate = figuresOf(own, methodOf);
  return FINANCE_LINES.map((id) => ({ id, month: inMonth[id], toDate: toDate[id] }));
}

/** The gifts paid in each month (what families and charities were given, fees apart) for the chart: the last `count` months up to `month`, empty ones included. */
export function monthlyGiftVolume(movements: readonly MonthlyMovement[], currency: Currency, month: string, count: number): { month: string; amount: Cents }[] {
  return monthsUpTo(month, count).map((each) => ({
    month: each,
    amount: -movements
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
