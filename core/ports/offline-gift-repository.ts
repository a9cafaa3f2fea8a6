import type { OfflineGift, OfflineGiftDetails } from '../model/offline-gift';
import type { ByHandTotal } from '../model/owner-totals';

export type NewOfflineGift = OfflineGiftDetails & Pick<OfflineGift, 'registryId'>;

/**
 * Gifts given by hand, recorded by the family. A port of its own, apart from GiftRepository, so
 * nothing that sums gifts paid through us (closing, payouts, charity shares) can reach them.
 */
export interface OfflineGiftRepository {
  create(gift: NewOfflineGift): Promise<OfflineGift>;
  /** Null for an unknown id, including one that is not a uuid at all. */
  findById(id: string): Promise<OfflineGift | null>;
  /** Replaces what the family recorded; fails with gift.not_found for an unknown id. */
  update(id: string, details: OfflineGiftDetails): Promise<OfflineGift>;
  /** Removes the gift and its thank-you note; answers whether there was one. */
  delete(id: string): Promise<boolean>;
  /** The day it was given, newest first, then the latest recorded first. */
  listByRegistry(registryId: string): Promise<OfflineGift[]>;
  /** How many the registry has and what they add up to. */
  totalOf(registryId: string): Promise<ByHandTotal>;
  /** Matches the gift to a guest on the family's list, or to none (null); fails with gift.not_found for an unknown id. */
  matchGuest(id: string, guestId: string | null): Promise<void>;
}
