/**
 * The ledger's accounts. Every entry is in one currency, so each account exists once per currency
 * (USD and CAD books never mix). A name is a path: the platform's own accounts are fixed, and the
 * money held for someone is named after them (a registry, a family, a charity).
 *
 * Postings are signed cents, debits positive and credits negative; an entry's postings add up to
 * zero. An account's balance is read in its normal sign (see normalBalance): what the platform
 * holds or spent is a debit, what it owes or earned is a credit.
 */
export type AccountKind = 'asset' | 'liability' | 'revenue' | 'expense';

/** The platform's balance at the payment provider: every charge arrives here net of the provider's fee, and every payout and refund leaves from here. */
export const PROVIDER_CASH = 'provider:cash';
/** Family payouts claimed by an administrator and being sent (PayPal, check, bank transfer): owed still, but no longer waiting. */
export const PAYOUTS_IN_TRANSIT = 'payouts:in-transit';
/** The flat platform fee givers pay on top of each gift. */
export const PLATFORM_FEE_REVENUE = 'platform:fee-revenue';
/** The card fee givers pay on top of each gift (our estimate of the provider's fee). */
export const CARD_FEES_COLLECTED = 'platform:card-fees-collected';
/** The fee the provider actually took from each gift that was kept; collected minus paid is the card-fee margin. */
export const CARD_FEES_PAID = 'platform:card-fees-paid';
/** What refunds cost the platform: the provider keeps its fee on a charge it gives back. */
export const REFUNDS_ABSORBED = 'platform:refunds-absorbed';
/** Refunds an administrator makes at the platform's cost, after the family's and charity's amounts were promised or sent. */
export const REFUNDS_AT_PLATFORM_COST = 'platform:refunds-at-platform-cost';
/** Disputed charges lost: the amount the provider took back. */
export const DISPUTE_LOSSES = 'platform:dispute-losses';
/** The provider's fee for each dispute. */
export const DISPUTE_FEES = 'platform:dispute-fees';
/**
 * Money the provider took from the platform's balance for disputes not yet decided (the amount and
 * the dispute fee): it comes back to provider cash if the dispute is won, and becomes dispute
 * losses and fees if it is lost.
 */
export const DISPUTED_FUNDS = 'provider:disputed-funds';
/**
 * What the tables could not explain when the ledger was opened on an existing database (see the
 * opening migration). Always zero on consistent books; `ledger verify` names it otherwise.
 */
export const OPENING_DIFFERENCE = 'platform:opening-difference';

/** The fixed accounts, printed in every currency's balances even while zero. */
export const PLATFORM_ACCOUNTS = [
  PROVIDER_CASH,
  PAYOUTS_IN_TRANSIT,
  PLATFORM_FEE_REVENUE,
  CARD_FEES_COLLECTED,
  CARD_FEES_PAID,
  REFUNDS_ABSORBED,
  REFUNDS_AT_PLATFORM_COST,
  DISPUTE_LOSSES,
  DISPUTE_FEES,
  DISPUTED_FUNDS,
  OPENING_DIFFERENCE,
] as const;

/** Gifts paid to an open registry: held for it until it closes and they are split into what the family and the charities are owed. */
export function registryGiftsAccount(registryId: string): string {
  return `registry:${registryId}:gifts`;
}

/** A disputed gift's amount, held out of its open registry until the dispute is decided. */
export function registryDisputedAccount(registryId: string): string {
  return `registry:${registryId}:disputed`;
}

/** What a closed registry's family is owed until their payout is sent. */
export function familyPayableAccount(registryId: string): string {
  return `family:${registryId}:payable`;
}

/** What a charity is owed (closed registries' shares) until its payout is sent. */
export function charityPayableAccount(charityId: string): string {
  return `charity:${charityId}:payable`;
}

const KINDS: Record<(typeof PLATFORM_ACCOUNTS)[number], AccountKind> = {
  [PROVIDER_CASH]: 'asset',
  [PAYOUTS_IN_TRANSIT]: 'liability',
  [PLATFORM_FEE_REVENUE]: 'revenue',
  [CARD_FEES_COLLECTED]: 'revenue',
  [CARD_FEES_PAID]: 'expense',
  [REFUNDS_ABSORBED]: 'expense',
  [REFUNDS_AT_PLATFORM_COST]: 'expense',
  [DISPUTE_LOSSES]: 'expense',
  [DISPUTE_FEES]: 'expense',
  [DISPUTED_FUNDS]: 'asset',
  [OPENING_DIFFERENCE]: 'expense',
};

/** Registry, family and charity accounts are money held for others: liabilities. */
export function accountKind(account: string): AccountKind {
  return (KINDS as Record<string, AccountKind>)[account] ?? 'liability';
}

/** A balance as people read it: positive is what the account normally holds (cash held, money owed, fees earned, costs borne). */
export function normalBalance(account: string, debitBalance: number): number {
  const kind = accountKind(account);
  const normal = kind === 'asset' || kind === 'expense' ? debitBalance : -debitBalance;
  return normal === 0 ? 0 : normal;
}
