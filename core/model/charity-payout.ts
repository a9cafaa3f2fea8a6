import type { Cents, Currency } from '../money';

/** As a family payout: pending (still grows at closings, shrinks at refunds), sending (claimed by an administrator: fixed), completed. */
export const CHARITY_PAYOUT_STATUSES = ['pending', 'sending', 'completed'] as const;
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
  /** Who holds the payout while it is sent (an audit label such as admin:rachel); null unless sending. */
  claimedBy: string | null;
  claimedByUserId: string | null;
  claimedAt: Date | null;
  /** How many times the payout was claimed: each claim's ledger entry is keyed by its number. */
  claims: number;
  createdAt: Date;
  updatedAt: Date;
}
