import type { Registry } from '../model/registry';
import type { Cents } from '../money';

/** What the family writes about the celebration, when opening the registry and when changing it. */
type CelebrationField =
  | 'childName'
  | 'celebrationType'
  | 'celebrationDate'
  | 'hebrewCalendar'
  | 'personalMessage'
  | 'photoUrl'
  | 'photoFocusX'
  | 'photoFocusY';

export type NewRegistry = Pick<
  Registry,
  'userId' | 'shortCode' | CelebrationField | 'preferredCharityId' | 'allowCharityChoice' | 'currency' | 'unlisted'
>;

export type RegistryChanges = Partial<
  Pick<
    Registry,
    | CelebrationField
    | 'currency'
    | 'isActive'
    | 'unlisted'
    | 'status'
    | 'payoutMethod'
    | 'paypalEmail'
    | 'mailingName'
    | 'mailingAddress'
    | 'mailingCity'
    | 'mailingState'
    | 'mailingZip'
    | 'mailingCountry'
    | 'closedAt'
    | 'payoutAmount'
    | 'charityPayoutAmount'
    | 'stripePayoutId'
    | 'payoutStatus'
    | 'payoutSentAt'
    | 'payoutClaimedBy'
    | 'payoutClaimedByUserId'
    | 'payoutClaimedAt'
    | 'payoutClaims'
    | 'transferFailureReason'
    | 'transferFailureMessage'
    | 'transferAttempts'
    | 'payoutIssueEmailedAt'
    | 'payoutReference'
  >
>;

export interface RegistryRepository {
  /** Fails with registry.short_code_taken when the code is already in use. */
  create(registry: NewRegistry): Promise<Registry>;
  /** Null for an unknown id, including one that is not a uuid at all. */
  findById(id: string): Promise<Registry | null>;
  /** Inside a transaction: the row stays locked until the transaction ends. */
  findByIdForUpdate(id: string): Promise<Registry | null>;
  findByShortCode(shortCode: string): Promise<Registry | null>;
  /** Newest first. */
  listByOwner(userId: string): Promise<Registry[]>;
  /** The registries the user co-owns (not those they own), newest first. */
  listByCoOwner(userId: string): Promise<Registry[]>;
  /**
   * Adds the user to the registry's co-owners in one conditional statement; answers false (and
   * changes nothing) when the user owns it or co-owns it already, or there is no such registry.
   */
  addCoOwner(id: string, userId: string): Promise<boolean>;
  /** Removes the user from the registry's co-owners; answers whether they were one. */
  removeCoOwner(id: string, userId: string): Promise<boolean>;
  /**
   * Open, listed (not unlisted) registries whose child's name the words begin, as
   * childNameMatches in core/registry/child-name-search.ts reads it; by name, then date.
   */
  searchListedByChildName(words: readonly string[], limit: number): Promise<Registry[]>;
  /** The most recently created open, listed registries, newest first, one an owner (each owner's newest). */
  listNewestListed(limit: number): Promise<Registry[]>;
  update(id: string, changes: RegistryChanges): Promise<Registry>;
  /** Adds to totalReceived in the database itself, so concurrent credits never overwrite each other. */
  addToTotalReceived(id: string, amount: Cents): Promise<void>;
  delete(id: string): Promise<void>;
  /** Closed registries paid by PayPal or check (status closed or payout_sent), most recently closed first. */
  listManualPayouts(): Promise<Registry[]>;
  /** Every registry that is closed or holds money (totalReceived not zero): what the ledger's check reads. */
  listHoldingMoney(): Promise<Registry[]>;
  /**
   * Closed registries whose bank payout has not gone through (waiting, or claimed by a try),
   * most recently closed first; core picks the failed and stuck ones out of them.
   */
  listFailedBankPayouts(): Promise<Registry[]>;
}
