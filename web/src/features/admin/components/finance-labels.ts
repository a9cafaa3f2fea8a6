import type { FinanceLineView } from '@api/finance';

type LineId = FinanceLineView['id'];

/**
 * What each figure of the finance page counts, in the words of the page; grouped as the page shows
 * them. The groups add up: cash at the provider and what it took for disputes equal what is held
 * for others plus the platform net.
 */
export const FINANCE_GROUPS: { title: string; lines: [LineId, string][] }[] = [
  {
    title: 'Money in and given back',
    lines: [
      ['moneyTaken', 'Money taken (gifts and the fees givers paid)'],
      ['giftVolume', 'Gifts paid, before fees'],
      ['refundedToGivers', 'Refunded to givers (all they paid, fees included)'],
    ],
  },
  {
    title: 'Held for others',
    lines: [
      ['heldForOpenRegistries', 'Held for families: open registries'],
      ['heldForDisputedGifts', 'Held for families: disputed gifts, until the bank decides'],
      ['heldForClosedRegistries', 'Held for families: closed, not yet paid'],
      ['payoutsInTransit', 'Payouts being sent (families and charities)'],
      ['heldForCharities', 'Held for charities'],
      ['heldForOthers', 'Held for others, in all'],
    ],
  },
  {
    title: 'Paid out',
    lines: [
      ['paidOutBankTransfer', 'To families by bank transfer'],
      ['paidOutPaypal', 'To families by PayPal'],
      ['paidOutCheck', 'To families by check'],
      ['paidOutToCharities', 'To charities'],
    ],
  },
  {
    title: 'The platform',
    lines: [
      ['platformFeeRevenue', 'Platform fee revenue'],
      ['cardFeesCollected', 'Card fees collected from givers'],
      ['cardFeesPaid', 'Card fees paid to the provider'],
      ['refundsAbsorbed', 'Refunds absorbed (fees the provider kept)'],
      ['refundsAtPlatformCost', "Refunds at the platform's cost"],
      ['disputeLosses', 'Dispute losses'],
      ['disputeFees', 'Dispute fees'],
      ['openingDifference', 'Opening difference (zero on consistent books)'],
      ['platformNet', 'Platform net (earned less borne)'],
    ],
  },
  {
    title: 'At the payment provider',
    lines: [
      ['providerCash', 'Cash at the payment provider'],
      ['disputedFunds', 'Taken by the provider for disputes not yet decided'],
    ],
  },
];

/** The lines that total their group, shown in bold. */
export const TOTAL_LINES: ReadonlySet<LineId> = new Set(['heldForOthers', 'platformNet', 'providerCash']);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2026-11" as "November 2026". */
export function monthName(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTHS[Number(number) - 1] ?? month} ${year}`;
}

/** "2026-11" as "Nov 26", for the chart's axis. */
export function shortMonthName(month: string): string {
  const [year, number] = month.split('-');
  return `${(MONTHS[Number(number) - 1] ?? month).slice(0, 3)} ${year?.slice(2)}`;
}

/** The `count` months up to this one (UTC), newest first, for the month picker. */
export function recentMonths(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - index, 1)).toISOString().slice(0, 7),
  );
}
