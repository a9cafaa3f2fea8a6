import type { Gift } from '../model/gift';
import type { Cents, Currency } from '../money';
import type { CharityPayout } from '../model/charity-payout';
import type { ClosingAmounts } from '../model/closing-amounts';
import {
  CARD_FEES_COLLECTED,
  CARD_FEES_PAID,
  charityPayableAccount,
  familyPayableAccount,
  PAYOUTS_IN_TRANSIT,
  PLATFORM_FEE_REVENUE,
  PROVIDER_CASH,
  REFUNDS_ABSORBED,
  REFUNDS_AT_PLATFORM_COST,
  registryGiftsAccount,
} from './chart-of-accounts';
import { balancedEntry, type LedgerEntry } from '../model/ledger-entry';

/**
 * The entry each change that moves money posts, as pure functions of the change. Where T is all
 * the giver paid (gift A + platform fee P + card fee S) and F is the fee the provider took:
 *
 * - gift paid: provider cash +(T - F), card fees paid +F; held for the registry A, platform fee
 *   revenue P, card fees collected S.
 * - gift refunded while its registry is open: all of the above reversed, and cash -T; the provider
 *   keeps F, so F moves from card fees paid to refunds absorbed.
 * - a payment that arrived too late (registry closed, gift given up) and was refunded: it was never
 *   credited, so only its cost shows: refunds absorbed +F, provider cash -F.
 * - registry closed: what was held for it becomes what the family is owed and what each charity is
 *   owed, to the cent (closingAmounts).
 * - gift refunded after closing, while the family's and the charity's payouts are both pending:
 *   as a refund while open, but the gift's parts come out of what the family and the charity are
 *   owed (its child amount and charity amount) instead of what is held for the registry.
 * - gift refunded at the platform's cost (a payout was claimed or sent): the family and the
 *   charity keep their parts, so the gift's amount A goes to refunds at the platform's cost; the
 *   fees are given back as in any refund.
 * - payout claimed (family or charity): what is owed moves to payouts in transit; released, it
 *   moves back. Each claim has its number, so a claim after a release posts again.
 * - family payout sent (bank transfer, PayPal, check): out of payouts in transit (every payout is
 *   claimed before it leaves), cash goes.
 * - charity payout sent: likewise for the charity.
 */

/** The fee the provider took for the gift's charge: as it reported it, or the giver's card fee where it never said (gifts paid before it was read). */
export function providerFeeOf(gift: Pick<Gift, 'providerFee' | 'cardFee'>): Cents {
  return gift.providerFee ?? gift.cardFee;
}

function charged(gift: Gift): Cents {
  return gift.amount + gift.platformFee + gift.cardFee;
}

function must(entry: LedgerEntry | null, what: string): LedgerEntry {
  if (!entry) throw new Error(`${what} moves no money`);
  return entry;
}

export function giftPaidEntry(gift: Gift, currency: Currency, providerFee: Cents): LedgerEntry {
  const entry = balancedEntry({ key: `gift:${gift.id}:paid`, kind: 'gift.paid', currency, reference: gift.paymentIntentId }, [
    { account: PROVIDER_CASH, amount: charged(gift) - providerFee },
    { account: CARD_FEES_PAID, amount: providerFee },
    { account: registryGiftsAccount(gift.registryId), amount: -gift.amount },
    { account: PLATFORM_FEE_REVENUE, amount: -gift.platformFee },
    { account: CARD_FEES_COLLECTED, amount: -gift.cardFee },
  ]);
  return must(entry, `gift ${gift.id}`);
}

export function giftRefundedEntry(gift: Gift, currency: Currency): LedgerEntry {
  const fee = providerFeeOf(gift);
  const entry = balancedEntry({ key: `gift:${gift.id}:refunded`, kind: 'gift.refunded', currency, reference: gift.paymentIntentId }, [
    { account: registryGiftsAccount(gift.registryId), amount: gift.amount },
    { account: PLATFORM_FEE_REVENUE, amount: gift.platformFee },
    { account: CARD_FEES_COLLECTED, amount: gift.cardFee },
    { account: CARD_FEES_PAID, amount: -fee },
    { account: REFUNDS_ABSORBED, amount: fee },
    { account: PROVIDER_CASH, amount: -charged(gift) },
  ]);
  return must(entry, `gift ${gift.id}`);
}

/** The fees given back and the provider's fee kept, as in every refund; what the gift itself comes out of is the caller's. */
function refundPostings(gift: Gift): { account: string; amount: Cents }[] {
  const fee = providerFeeOf(gift);
  return [
    { account: PLATFORM_FEE_REVENUE, amount: gift.platformFee },
    { account: CARD_FEES_COLLECTED, amount: gift.cardFee },
    { account: CARD_FEES_PAID, amount: -fee },
    { account: REFUNDS_ABSORBED, amount: fee },
    { account: PROVIDER_CASH, amount: -charged(gift) },
  ];
}

/** A refund after closing, both payouts still pending: the gift's parts leave what the family and its charity are owed. */
export function giftRefundedAfterClosingEntry(gift: Gift, currency: Currency): LedgerEntry {
  const entry = balancedEntry(
    { key: `gift:${gift.id}:refunded`, kind: 'gift.refunded_after_closing', currency, reference: gift.paymentIntentId },
    [
      { account: familyPayableAccount(gift.registryId), amount: gift.childAmount },
      { account: charityPayableAccount(gift.charityId), amount: gift.charityAmount },
      ...refundPostings(gift),
    ],
  );
  return must(entry, `gift ${gift.id}`);
}

/** A refund the platform bears: the family's and charity's parts stay promised (or sent), the gift's amount is the platform's loss. */
export function giftRefundedAtPlatformCostEntry(gift: Gift, currency: Currency): LedgerEntry {
  const entry = balancedEntry(
    { key: `gift:${gift.id}:refunded`, kind: 'gift.refunded_at_platform_cost', currency, reference: gift.paymentIntentId },
    [{ account: REFUNDS_AT_PLATFORM_COST, amount: gift.amount }, ...refundPostings(gift)],
  );
  return must(entry, `gift ${gift.id}`);
}

/** Null when the provider took no fee: then nothing stayed behind. Same key as a refund: a gift is given back once. */
export function latePaymentRefundedEntry(gift: Gift, currency: Currency, providerFee: Cents): LedgerEntry | null {
  return balancedEntry({ key: `gift:${gift.id}:refunded`, kind: 'gift.late_payment_refunded', currency, reference: gift.paymentIntentId }, [
    { account: REFUNDS_ABSORBED, amount: providerFee },
    { account: PROVIDER_CASH, amount: -providerFee },
  ]);
}

/** Null when nobody gave anything. */
export function registryClosedEntry(
  registryId: string,
  currency: Currency,
  amounts: Pick<ClosingAmounts, 'payoutAmount' | 'charityPayoutAmount' | 'shares'>,
): LedgerEntry | null {
  return balancedEntry({ key: `registry:${registryId}:closed`, kind: 'registry.closed', currency, reference: null }, [
    { account: registryGiftsAccount(registryId), amount: amounts.payoutAmount + amounts.charityPayoutAmount },
    { account: familyPayableAccount(registryId), amount: -amounts.payoutAmount },
    ...amounts.shares.map((share) => ({ account: charityPayableAccount(share.charityId), amount: -share.amount })),
  ]);
}

/** The family's payout claimed (its claimNumber-th claim): what they are owed is now in transit. Null for nothing to pay. */
export function familyPayoutClaimedEntry(registryId: string, currency: Currency, amount: Cents, claimNumber: number): LedgerEntry | null {
  return balancedEntry(
    { key: `registry:${registryId}:payout-claimed:${claimNumber}`, kind: 'family_payout.claimed', currency, reference: null },
    [
      { account: familyPayableAccount(registryId), amount },
      { account: PAYOUTS_IN_TRANSIT, amount: -amount },
    ],
  );
}

/** The claimNumber-th claim released: the amount is owed to the family again, waiting. */
export function familyPayoutReleasedEntry(registryId: string, currency: Currency, amount: Cents, claimNumber: number): LedgerEntry | null {
  return balancedEntry(
    { key: `registry:${registryId}:payout-released:${claimNumber}`, kind: 'family_payout.released', currency, reference: null },
    [
      { account: PAYOUTS_IN_TRANSIT, amount },
      { account: familyPayableAccount(registryId), amount: -amount },
    ],
  );
}

/** The family's claimed payout left: by bank transfer (reference: the provider's transfer id), PayPal or check. Null for nothing to pay. */
export function familyPayoutSentEntry(registryId: string, currency: Currency, amount: Cents, reference: string | null): LedgerEntry | null {
  return balancedEntry({ key: `registry:${registryId}:payout-sent`, kind: 'family_payout.sent', currency, reference }, [
    { account: PAYOUTS_IN_TRANSIT, amount },
    { account: PROVIDER_CASH, amount: -amount },
  ]);
}

type CharityPayoutMoney = Pick<CharityPayout, 'id' | 'charityId' | 'currency' | 'amount'>;

export function charityPayoutClaimedEntry(payout: CharityPayoutMoney, claimNumber: number): LedgerEntry | null {
  return balancedEntry(
    {
      key: `charity-payout:${payout.id}:claimed:${claimNumber}`,
      kind: 'charity_payout.claimed',
      currency: payout.currency,
      reference: null,
    },
    [
      { account: charityPayableAccount(payout.charityId), amount: payout.amount },
      { account: PAYOUTS_IN_TRANSIT, amount: -payout.amount },
    ],
  );
}

export function charityPayoutReleasedEntry(payout: CharityPayoutMoney, claimNumber: number): LedgerEntry | null {
  return balancedEntry(
    {
      key: `charity-payout:${payout.id}:released:${claimNumber}`,
      kind: 'charity_payout.released',
      currency: payout.currency,
      reference: null,
    },
    [
      { account: PAYOUTS_IN_TRANSIT, amount: payout.amount },
      { account: charityPayableAccount(payout.charityId), amount: -payout.amount },
    ],
  );
}

/** The charity's claimed payout was paid: out of payouts in transit. */
export function charityPayoutSentEntry(payout: CharityPayoutMoney): LedgerEntry | null {
  return balancedEntry(
    { key: `charity-payout:${payout.id}:sent`, kind: 'charity_payout.sent', currency: payout.currency, reference: null },
    [
      { account: PAYOUTS_IN_TRANSIT, amount: payout.amount },
      { account: PROVIDER_CASH, amount: -payout.amount },
    ],
  );
}
