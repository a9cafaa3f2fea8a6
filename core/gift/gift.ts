import type { Cents } from '../money';

/** `expired`: never paid, and its payment was cancelled at the provider once it was abandoned. */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface Gift {
  id: string;
  registryId: string;
  giftGiverName: string;
  giftGiverEmail: string;
  amount: Cents;
  childAmount: Cents;
  charityAmount: Cents;
  platformFee: Cents;
  stripeFee: Cents;
  charityId: string;
  personalMessage: string | null;
  stripePaymentIntentId: string | null;
  paymentStatus: PaymentStatus;
  createdAt: Date;
}
