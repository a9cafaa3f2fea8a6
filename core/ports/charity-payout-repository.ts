import type { CharityPayout } from '../model/charity-payout';
import type { Cents, Currency } from '../money';

/** One registry's share for one charity, added to that charity's pending payout at closing. */
export interface CharityShare {
  charityId: string;
  currency: Currency;
  amount: Cents;
  giftCount: number;
  registryId: string;
}

export interface CharityPayoutCompletion {
  paymentMethod: string;
  referenceNumber: string;
  notes: string | null;
  completedAt: Date;
}

export interface CharityPayoutRepository {
  /**
   * Adds the share to the charity's one pending payout in that currency, opening one when there is
   * none, in one statement: concurrent closings never lose an amount or open a second pending one.
   */
  addToPending(share: CharityShare): Promise<CharityPayout>;
  /** Null for an unknown id, including one that is not a uuid at all. */
  findById(id: string): Promise<CharityPayout | null>;
  /** Inside a transaction: the row stays locked until the transaction ends. */
  findByIdForUpdate(id: string): Promise<CharityPayout | null>;
  /** Marks a payout completed with how it was paid; fails with payout.not_found for an unknown id. */
  markCompleted(id: string, completion: CharityPayoutCompletion): Promise<CharityPayout>;
  /** A pending payout claimed: sending, by whom and when, one more claim counted; fails with payout.not_found for an unknown id. */
  claim(id: string, claim: { claimedBy: string; claimedByUserId: string | null; claimedAt: Date }): Promise<CharityPayout>;
  /**
   * A sending payout released: pending again, with no holder. A pending payout opened for the same
   * charity and currency while it was claimed is folded into it (amount, gifts, registries) and
   * removed, so the charity keeps one pending payout. Fails with payout.not_found for an unknown id.
   */
  release(id: string): Promise<CharityPayout>;
  /** Takes a refunded gift's part out of a pending payout (amount and gift count); fails with payout.not_found for an unknown id. */
  removeGift(id: string, amount: Cents): Promise<CharityPayout>;
  /** Every payout, newest first. */
  list(): Promise<CharityPayout[]>;
  /** Payouts not sent yet (pending, or claimed and being sent), newest first. */
  listUnsent(): Promise<CharityPayout[]>;
  /** The payouts a registry's shares went into (one per charity its gifts chose), newest first. */
  listByRegistry(registryId: string): Promise<CharityPayout[]>;
}
