/**
 * The figures of the administrators' finance page, each two numbers: what moved in the month, and
 * where it stood at the month's end (from the first entry on). At the end of the current month
 * that second number is the account's balance now: the same as `npm run admin -- ledger balances`.
 * Every figure is read from the ledger's postings, in its account's normal sign. They add up as a
 * balance sheet: providerCash + disputedFunds = heldForOthers + platformNet, in the month and to date.
 */
export const FINANCE_LINES = [
  'moneyTaken',
  'giftVolume',
  'refundedToGivers',
  'heldForOpenRegistries',
  'heldForDisputedGifts',
  'heldForClosedRegistries',
  'payoutsInTransit',
  'heldForCharities',
  'heldForOthers',
  'paidOutBankTransfer',
  'paidOutPaypal',
  'paidOutCheck',
  'paidOutToCharities',
  'platformFeeRevenue',
  'cardFeesCollected',
  'cardFeesPaid',
  'refundsAbsorbed',
  'refundsAtPlatformCost',
  'disputeLosses',
  'disputeFees',
  'openingDifference',
  'platformNet',
  'providerCash',
  'disputedFunds',
] as const;
export type FinanceLineId = (typeof FINANCE_LINES)[number];
