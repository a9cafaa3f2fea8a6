import type { Gift } from '../gift/gift';
import type { Cents, Currency } from '../money';
import type { CharityPayout } from '../payout/charity-payout';
import type { ClosingAmounts } from '../payout/closing-amounts';
import {
  CARD_FEES_COLLECTED,
  CARD_FEES_PAID,
  charityPayableAccount,
  familyPayableAccount,
  PLATFORM_FEE_REVENUE,
  PROVIDER_CASH,
  REFUNDS_ABSORBED,
  registryGiftsAccount,
} from './chart-of-accounts';
import { balancedEntry, type LedgerEntry } from './ledger-entry';

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
 * - family payout sent (bank transfer, PayPal, check): the family is owed nothing more, cash goes.
 * - charity payout sent: likewise for the charity.
 */

/** The fee the provider took for the gift's charge: as it reported it, or the giver's card fee where it never said (gifts paid before it was read). */
export function providerFeeOf(gift: Pick<Gift, 'providerFee' | 'stripeFee'>): Cents {
  return gift.providerFee ?? gift.stripeFee;
}

function charged(gift: Gift): Cents {
  return gift.amount + gift.platformFee + gift.stripeFee;
}

function must(entry: LedgerEntry | null, what: string): LedgerEntry {
  if (!entry) throw new Error(`${what} moves no money`);
  return entry;
}

export function giftPaidEntry(gift: Gift, currency: Currency, providerFee: Cents): LedgerEntry {
  const entry = balancedEntry({ key: `gift:${gift.id}:paid`, kind: 'gift.paid', currency, reference: gift.stripePaymentIntentId }, [
    { account: PROVIDER_CASH, amount: charged(gift) - providerFee },
    { account: CARD_FEES_PAID, amount: providerFee },
    { account: registryGiftsAccount(gift.registryId), amount: -gift.amount },
    { account: PLATFORM_FEE_REVENUE, amount: -gift.platformFee },
    { account: CARD_FEES_COLLECTED, amount: -gift.stripeFee },
  ]);
  return must(entry, `gift ${gift.id}`);
}

export function giftRefundedEntry(gift: Gift, currency: Currency): LedgerEntry {
  const fee = providerFeeOf(gift);
  const entry = balancedEntry({ key: `gift:${gift.id}:refunded`, kind: 'gift.refunded', currency, reference: gift.stripePaymentIntentId }, [
    { account: registryGiftsAccount(gift.registryId), amount: gift.amount },
    { account: PLATFORM_FEE_REVENUE, amount: gift.platformFee },
    { account: CARD_FEES_COLLECTED, amount: gift.stripeFee },
    { account: CARD_FEES_PAID, amount: -fee },
    { account: REFUNDS_ABSORBED, amount: fee },
    { account: PROVIDER_CASH, amount: -charged(gift) },
  ]);
  return must(entry, `gift ${gift.id}`);
}

/** Null when the provider took no fee: then nothing stayed behind. Same key as a refund: a gift is given back once. */
export function latePaymentRefundedEntry(gift: Gift, currency: Currency, providerFee: Cents): LedgerEntry | null {
  return balancedEntry({ key: `gift:${gift.id}:refunded`, kind: 'gift.late_payment_refunded', currency, reference: gift.stripePaymentIntentId }, [
    { account: REFUNDS_ABSORBED, amount: providerFee },
    { account: PROVIDER_CASH, amount: -providerFee },
  ]);
}

/** Null when nobody gave anything. */
export function registryClosedEntry(registryId: string, currency: Currency, amounts: Pick<ClosingAmounts, 'payoutAmount' | 'charityPayoutAmount' | 'shares'>): LedgerEntry | null {
  return balancedEntry({ key: `registry:${registryId}:closed`, kind: 'registry.closed', currency, reference: null }, [
    { account: registryGiftsAccount(registryId), amount: amounts.payoutAmount + amounts.charityPayoutAmount },
    { account: familyPayableAccount(registryId), amount: -amounts.payoutAmount },
    ...amounts.shares.map((share) => ({ account: charityPayableAccount(share.charityId), amount: -share.amount })),
  ]);
}

/** The family's payout left: by bank transfer (reference: the provider's transfer id), PayPal or check. Null for nothing to pay. */
export function familyPayoutSentEntry(registryId: string, currency: Currency, amount: Cents, reference: string | null): LedgerEntry | null {
  return balancedEntry({ key: `registry:${registryId}:payout-sent`, kind: 'family_payout.sent', currency, reference }, [
    { account: familyPayableAccount(registryId), amount },
    { account: PROVIDER_CASH, amount: -amount },
  ]);
}

export function charityPayoutSentEntry(payout: Pick<CharityPayout, 'id' | 'charityId' | 'currency' | 'amount'>): LedgerEntry | null {
  return balancedEntry({ key: `charity-payout:${payout.id}:sent`, kind: 'charity_payout.sent', currency: payout.currency, reference: null }, [
    { account: charityPayableAccount(payout.charityId), amount: payout.amount },
    { account: PROVIDER_CASH, amount: -payout.amount },
  ]);
}
