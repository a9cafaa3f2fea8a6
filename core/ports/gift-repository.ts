import type { Gift, PaymentStatus } from '../model/gift';
import type { GiftListPage } from '../model/gift-list';
import type { GiftListQuery } from '../model/gift-list-query';
import type { GiftTally } from '../model/gift-tally';
import type { ContributorsPageRows } from '../model/contributors-page';
import type { ContributorsQuery } from '../model/contributors-query';
import type { Cents } from '../money';

/** guestId: the guest on the family's list whose personal link the giver came by (core/guest/guest-gifts.ts). */
export type NewGift = Omit<Gift, 'id' | 'createdAt' | 'providerFee' | 'refundedAtPlatformCost' | 'shareEmailWithCharity'> & {
  shareEmailWithCharity?: boolean;
  guestId?: string | null;
};

export interface GiftRepository {
  create(gift: NewGift): Promise<Gift>;
  findById(id: string): Promise<Gift | null>;
  /** Inside a transaction: the gift paid by this intent, locked until the transaction ends. */
  findByPaymentIntentIdForUpdate(paymentIntentId: string): Promise<Gift | null>;
  /** Attaches the payment to a gift that is still pending; answers false when it no longer is. */
  attachPaymentIntent(id: string, paymentIntentId: string): Promise<boolean>;
  setStatus(id: string, status: PaymentStatus): Promise<void>;
  /** Records the fee the provider took for the gift's charge, once its payment succeeded. */
  setProviderFee(id: string, fee: Cents): Promise<void>;
  /**
   * Marks a gift failed or expired in one statement, only while it is still pending with exactly
   * this payment (none, for a gift whose start was cut off); answers whether it did.
   */
  settleUnpaid(id: string, paymentIntentId: string | null, status: 'failed' | 'expired'): Promise<boolean>;
  /**
   * Marks a succeeded gift refunding, and when, in one conditional statement; answers whether it
   * did. atPlatformCost records that the platform bears it (refundedAtPlatformCost).
   */
  beginRefund(id: string, at: Date, atPlatformCost?: boolean): Promise<boolean>;
  /** Records that the platform bore the gift's refund (refundedAtPlatformCost). */
  markRefundedAtPlatformCost(id: string): Promise<void>;
  /** Moves a gift from one status to another in one conditional statement; answers whether it was in `from`. */
  changeStatus(id: string, from: PaymentStatus, to: PaymentStatus): Promise<boolean>;
  /** Gifts still refunding whose refund began before the time, oldest first. */
  listRefundingStartedBefore(before: Date, limit: number): Promise<Gift[]>;
  /** Pending gifts made before the time, oldest first. */
  listPendingCreatedBefore(before: Date, limit: number): Promise<Gift[]>;
  /** Newest first. */
  listByRegistry(registryId: string): Promise<Gift[]>;
  /** Whether a gift of these registries to this charity is being refunded (its amount may still leave the charity's payout). */
  hasRefundUnderWay(registryIds: readonly string[], charityId: string): Promise<boolean>;
  /** How many succeeded gifts each registry has (registries with none are absent). */
  countSucceeded(registryIds: string[]): Promise<Map<string, number>>;
  /** Every gift whose money moved (succeeded, refunding, refunded or disputed): what the ledger's check reads. */
  listMoneyMoved(): Promise<Gift[]>;
  /** The payment statuses the registry's gifts have, each once (none for a registry without gifts). */
  paymentStatusesOf(registryId: string): Promise<Set<PaymentStatus>>;
  /** The registry's gifts summed by status, refund at the platform's cost, currency and charity (gift-tally.ts): one aggregate. */
  tallyByRegistry(registryId: string): Promise<GiftTally[]>;
  /** The same tally for each of these registries, in one aggregate (registries without gifts answer an empty tally). */
  tallyByRegistries(registryIds: readonly string[]): Promise<Map<string, GiftTally[]>>;
  /** The newest listed gifts (LISTED_PAYMENT_STATUSES) of the registry, newest first, at most limit. */
  listRecentListed(registryId: string, limit: number): Promise<Gift[]>;
  /** The registry's gifts in this status, newest first. */
  listByRegistryWithStatus(registryId: string, status: PaymentStatus): Promise<Gift[]>;
  /** The gifts with these ids, unknown ones left out, in no set order. */
  findByIds(ids: readonly string[]): Promise<Gift[]>;
  /**
   * One page of the owner's gift list, gifts given by hand among them, as giftListPage cuts it
   * (gift-list.ts), with how many match and how many there are: read a page at a time.
   */
  pageReceived(registryId: string, query: GiftListQuery): Promise<Pick<GiftListPage, 'gifts' | 'matching' | 'giftCount'>>;
  /**
   * One page of the thank-you cards page's contributors, gifts given by hand among them, as
   * contributorsPage cuts it (contributors-page.ts), with how many match and where the cards
   * stand over them all: read a page at a time.
   */
  pageContributors(registryId: string, query: ContributorsQuery): Promise<ContributorsPageRows>;
}
