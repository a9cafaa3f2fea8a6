import type { Cents, Currency } from '../money';

export const CHARITY_PAYOUT_STATUSES = ['pending', 'completed'] as const;
export type CharityPayoutStatus = (typeof CHARITY_PAYOUT_STATUSES)[number];

export interface CharityPayout {
  id: string;
  charityId: string;
  amount: Cents;
  currency: Currency;
  registryIds: string[];
  giftCount: number;
  paymentMethod: string | null;
  referenceNumber: string | null;
  notes: string | null;
  status: CharityPayoutStatus;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
