import type { Cents } from '../money';

/** How a gift given by hand came: the family records it, no money passes through us. */
export const OFFLINE_GIFT_METHODS = ['cash', 'check', 'other'] as const;
export type OfflineGiftMethod = (typeof OFFLINE_GIFT_METHODS)[number];

export const OFFLINE_GIFT_METHOD_LABELS: Record<OfflineGiftMethod, string> = { cash: 'Cash', check: 'Check', other: 'Other' };

/**
 * A gift handed to the family (cash, a check, …) and recorded by the owner. It lives in its own
 * table, apart from the gifts paid through us, so no sum that moves money (closing amounts, the
 * family's payout, charity shares, totalReceived) can ever include it.
 */
export interface OfflineGift {
  id: string;
  registryId: string;
  giftGiverName: string;
  /** Optional: without one the thank-you card is printed and given by hand. */
  giftGiverEmail: string | null;
  /** In the registry's currency. */
  amount: Cents;
  method: OfflineGiftMethod;
  /** The day it was given, yyyy-mm-dd (a calendar day, no time zone). */
  receivedOn: string;
  note: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type OfflineGiftDetails = Pick<OfflineGift, 'giftGiverName' | 'giftGiverEmail' | 'amount' | 'method' | 'receivedOn' | 'note'>;
