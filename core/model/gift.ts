import type { Cents, Currency } from '../money';

/**
 * `expired`: never paid, and its payment was cancelled at the provider once it was abandoned.
 * `refunding`: a refund was asked of the provider and its answer is not recorded yet (see refund-gift.ts).
 * `disputed`: paid, then disputed with the card issuer while its registry was open: it counts in
 * nothing the family or the charity is paid unless the dispute is won (see core/dispute).
 */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunding', 'refunded', 'expired', 'disputed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface Gift {
  id: string;
  registryId: string;
  giftGiverName: string;
  giftGiverEmail: string;
  /** The currency the giver was charged in: the registry's when the gift began, kept if the registry's changes later. */
  currency: Currency;
  amount: Cents;
  childAmount: Cents;
  charityAmount: Cents;
  platformFee: Cents;
  /** The card fee the giver paid on top: our estimate of the provider's fee. */
  cardFee: Cents;
  /** The fee the provider actually took, as it reported it when the payment succeeded; null until then. */
  providerFee: Cents | null;
  charityId: string;
  personalMessage: string | null;
  paymentIntentId: string | null;
  paymentStatus: PaymentStatus;
  /**
   * Refunded (or being refunded) by an administrator at the platform's cost: the family's and the
   * charity's payouts were already claimed or sent, so they keep their parts and the platform
   * bears the refund (docs/adr/0017-payouts-claimed-before-they-are-sent.md).
   */
  refundedAtPlatformCost: boolean;
  /** The giver agreed that the charity may have their e-mail to thank them (its donor list shows it); their name it always has. */
  shareEmailWithCharity: boolean;
  createdAt: Date;
}

/** The gifts the owner's lists show: paid ones, and paid ones given back or disputed (marked so). */
export const LISTED_PAYMENT_STATUSES = ['succeeded', 'refunding', 'refunded', 'disputed'] as const satisfies readonly PaymentStatus[];

export function isListed(gift: Pick<Gift, 'paymentStatus'>): boolean {
  return (LISTED_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(gift.paymentStatus);
}
