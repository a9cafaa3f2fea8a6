import type { NewUser, User, UserWithPassword } from '../model/user';
import type { AccountExportRequest, ExportFile, ExportFormat } from '../model/account-export-request';
import type { AccountToken, AccountTokenPurpose, NewAccountToken } from '../model/account-token';
import type { Charity, CharityDetails, NewCharity } from '../model/charity';
import type { CoOwnerInvitation, NewCoOwnerInvitation } from '../model/co-owner-invitation';
import type { Gift, PaymentStatus } from '../model/gift';
import type { GiftListPage } from '../model/gift-list';
import type { GiftListQuery } from '../model/gift-list-query';
import type { GiftTally } from '../model/gift-tally';
import type { ByHandTotal } from '../model/owner-totals';
import type { OfflineGift, OfflineGiftDetails } from '../model/offline-gift';
import type { Guest, GuestDetails } from '../model/guest';
import type { GuestGift } from '../model/guest-gift';
import type { GuestRsvp } from '../model/guest-rsvp';
import type { InvitationSettings } from '../model/invitation-settings';
import type { Cents } from '../money';
import type { MailQueue } from './mail-queue';
import type { Suppression, SuppressionScope } from '../model/suppression';
import type { Registry } from '../model/registry';
import type { NewReceipt, Receipt } from '../model/receipt';
import type { AuditEvent, NewAuditEvent } from '../model/audit-event';
import type { CharityPayout } from '../model/charity-payout';
import type { Currency } from '../money';
import type { ThankYouCard, ThankYouNote } from '../model/thank-you-note';
import type { EntryKind, LedgerEntry } from '../model/ledger-entry';
import type { ReconciliationDifference, ReconciliationRun } from '../model/reconciliation';
import type { Dispute, DisputeChanges, NewDispute } from '../model/dispute';

export interface UserRepository {
  /** Fails with auth.username_taken or auth.email_taken when either is already in use. */
  create(user: NewUser): Promise<User>;
  findById(id: string): Promise<User | null>;
  findByUsernameWithPassword(username: string): Promise<UserWithPassword | null>;
  findByUsername(username: string): Promise<User | null>;
  /** Whatever the letter case. */
  findByEmail(email: string): Promise<User | null>;
  findByIdWithPassword(id: string): Promise<UserWithPassword | null>;
  /** Fails with user.not_found for an unknown id. */
  setPassword(id: string, passwordHash: string): Promise<void>;
  /** Fails with user.not_found for an unknown id. */
  setNames(id: string, names: { firstName: string; lastName: string }): Promise<User>;
  /** Fails with auth.email_taken when another account uses the address, user.not_found for an unknown id. */
  setEmail(id: string, email: string): Promise<User>;
  setAdmin(id: string, isAdmin: boolean): Promise<User>;
  /** Every administrator, by username: who is told of payouts to send by hand. */
  listAdmins(): Promise<User[]>;
  /**
   * Records the user's connected payment account unless one is already recorded (one per user);
   * answers the user as stored, so a racing second account never replaces the first.
   */
  attachConnectAccount(id: string, accountId: string): Promise<User>;
  /** The provider's verification state as last seen ('pending' or 'verified'), and when it was first verified. */
  setConnectStatus(id: string, status: string, onboardedAt: Date | null): Promise<User>;
  /** Schedules the account's deletion for the time; fails with user.not_found for an unknown or deleted account. */
  scheduleDeletion(id: string, dueAt: Date): Promise<User>;
  /** Cancels a scheduled deletion in one conditional statement; answers whether one was scheduled. */
  cancelDeletion(id: string): Promise<boolean>;
  /** Accounts whose deletion fell due at or before the time and are not deleted yet, earliest first. */
  listDeletionsDue(now: Date, limit: number): Promise<string[]>;
  /**
   * Inside a transaction: the account, locked until the transaction ends, if its deletion is due at
   * `now` and no other transaction holds it (skip locked); otherwise null, so of two instances
   * deleting at once only one takes each account.
   */
  lockDeletionDue(id: string, now: Date): Promise<User | null>;
}

export interface StoredSession {
  data: Record<string, unknown>;
  expire: Date;
}

/** Server-side sessions (the spec's sessions table: sid, sess, expire). */
export interface SessionRepository {
  get(sid: string, now: Date): Promise<StoredSession | null>;
  set(sid: string, session: StoredSession): Promise<void>;
  /**
   * Rewrites a session that still exists (a renewal); answers false, writing nothing, when it has
   * been ended meanwhile, so a request in flight during a password reset cannot bring it back.
   */
  update(sid: string, session: StoredSession): Promise<boolean>;
  destroy(sid: string): Promise<void>;
  /** Ends every session signed in as the user (after a password change or reset); answers how many. */
  destroyForUser(userId: string): Promise<number>;
  purgeExpired(now: Date): Promise<number>;
}

/** Single-use, expiring links sent by e-mail (password reset, e-mail change), kept by digest only. */
export interface AccountTokenRepository {
  create(token: NewAccountToken): Promise<AccountToken>;
  /**
   * Marks the token with this digest and purpose used, in one conditional statement, and answers it;
   * null when it is unknown, already used or expired at `now`. Of two racing uses only one gets it.
   */
  consume(tokenHash: string, purpose: AccountTokenPurpose, now: Date): Promise<AccountToken | null>;
  /** The token with this digest and purpose if it is still usable at `now` (unused, unexpired), without using it; otherwise null. */
  findUsable(tokenHash: string, purpose: AccountTokenPurpose, now: Date): Promise<AccountToken | null>;
  /** Marks every unused token of the user for the purpose used; answers how many. */
  revokeForUser(userId: string, purpose: AccountTokenPurpose, now: Date): Promise<number>;
  /** Deletes every token expired at `now`, used or not (a used one can do nothing either); answers how many. */
  purgeExpired(now: Date): Promise<number>;
}

/** Exports built in the background for large accounts, kept (with their file) until their link expires. */
export interface AccountExportRepository {
  /** The account's export of the format that is waiting or being built, or a new queued one; one statement, so asking twice queues one. */
  request(userId: string, format: ExportFormat, at: Date): Promise<AccountExportRequest>;
  /**
   * Takes the oldest queued export (or one whose build began before staleBefore: its instance
   * died) for building, in one statement that skips rows another instance holds; null when none.
   */
  claimNext(now: Date, staleBefore: Date): Promise<AccountExportRequest | null>;
  /** Keeps the built file behind the link's token digest until expiresAt. */
  complete(id: string, file: ExportFile, tokenHash: string, at: Date, expiresAt: Date): Promise<AccountExportRequest>;
  /** A build that failed: queued again while it has tries left, failed otherwise; answers it. */
  fail(id: string, maxAttempts: number): Promise<AccountExportRequest>;
  /** The ready export whose link has this token digest, with its file, while it has not expired at `now`; otherwise null. */
  findReady(tokenHash: string, now: Date): Promise<{ request: AccountExportRequest; file: ExportFile } | null>;
  /** The account's exports, newest first. */
  listByUser(userId: string): Promise<AccountExportRequest[]>;
  /** Deletes every export of the account (its deletion); answers how many. */
  deleteForUser(userId: string): Promise<number>;
  /** Deletes every export expired at `now`, and failed ones older than it by a link's life; answers how many. */
  purgeExpired(now: Date): Promise<number>;
}

/**
 * Removes or redacts people's personal data for good (docs/product.md#your-data-export-and-deletion).
 * Amounts, the ledger and the audit trail's facts stay; names, addresses and words go.
 */
export interface PersonalDataRepository {
  /**
   * A deleted account's registry, kept on record for its money: the child's name becomes
   * REDACTED_NAME (core/model/redaction.ts), the message, photo and payout addresses go, it is retired (inactive, unlisted);
   * its givers' names, e-mails and messages are redacted; its gifts given by hand, thank-you notes
   * and cards, co-owner invitations and guest list are deleted; disputes' evidence and audit rows about it,
   * its gifts and its disputes lose their personal fields. Answers the photo addresses it no longer
   * points at (the registry's, the cards'), for the caller to remove from the photo store.
   */
  redactRegistry(registryId: string, at: Date): Promise<string[]>;
  /**
   * The account's own row: its username and e-mail become the replacement's, its names and photo
   * go, its password hash becomes one nobody knows the password of, and it is marked deleted; the
   * audit trail's label of what it did becomes "<role>:deleted".
   */
  redactUser(userId: string, replacement: { username: string; email: string; passwordHash: string }, at: Date): Promise<void>;
  /**
   * Inside a transaction: registries whose payout completed at or before the time and whose guests'
   * data is still kept, locked until the transaction ends, skipping those another transaction
   * holds, oldest first.
   */
  lockGuestDataDue(paidOutBy: Date, limit: number): Promise<string[]>;
  /** Purges the registry's guests' e-mails and messages (online and by hand) and its guest list, and marks it purged; answers how many gifts of each kind changed. */
  purgeGuestData(registryId: string, at: Date): Promise<{ gifts: number; giftsByHand: number }>;
}

/** Invitations to co-own a registry, kept by the digest of their link's token only. */
export interface CoOwnerInvitationRepository {
  create(invitation: NewCoOwnerInvitation): Promise<CoOwnerInvitation>;
  /** Not accepted and not expired at `now`, oldest first. */
  listPending(registryId: string, now: Date): Promise<CoOwnerInvitation[]>;
  /** The pending invitation with this digest, without using it; null when unknown, used or expired. */
  findPendingByTokenHash(tokenHash: string, now: Date): Promise<CoOwnerInvitation | null>;
  /**
   * Marks the pending invitation with this digest accepted by the user, in one conditional
   * statement, and answers it; null when unknown, used or expired. Of two racing accepts one gets it.
   */
  accept(tokenHash: string, userId: string, now: Date): Promise<CoOwnerInvitation | null>;
  /** Deletes the registry's invitation while it is pending, so its link dies; answers whether there was one. */
  cancel(registryId: string, id: string, now: Date): Promise<boolean>;
}

export interface NewNewsletterSubscriber {
  /** Lower-cased. */
  email: string;
  unsubscribeTokenHash: string;
  consentedAt: Date;
}

/** The newsletter list: one row per address, removed when it unsubscribes. */
export interface NewsletterRepository {
  /** Adds the address unless it is on the list already, in one statement; answers the new row's id, or null when it was there. */
  subscribe(subscriber: NewNewsletterSubscriber): Promise<{ id: string } | null>;
  /** Removes the address whose unsubscribe link has this digest; answers whether one was on the list. */
  unsubscribe(unsubscribeTokenHash: string): Promise<boolean>;
  /** Removes the address from the list (a one-click unsubscribe names the address, not a digest); answers whether it was on it. */
  unsubscribeAddress(email: string): Promise<boolean>;
  /** Whether the address is on the list. */
  isSubscribed(email: string): Promise<boolean>;
}

export interface CharityRepository {
  create(charity: NewCharity): Promise<Charity>;
  findById(id: string): Promise<Charity | null>;
  /** Active and inactive, ordered by name. */
  listAll(): Promise<Charity[]>;
  listActive(): Promise<Charity[]>;
  setActive(id: string, isActive: boolean): Promise<Charity>;
  /** Records the charity's legal details, all at once; fails with charity.not_found for an unknown id. */
  setDetails(id: string, details: CharityDetails): Promise<Charity>;
  count(): Promise<number>;
}

export type NewRegistry = Pick<
  Registry,
  | 'userId'
  | 'shortCode'
  | 'childName'
  | 'celebrationType'
  | 'celebrationDate'
  | 'hebrewCalendar'
  | 'personalMessage'
  | 'photoUrl'
  | 'photoFocusX'
  | 'photoFocusY'
  | 'preferredCharityId'
  | 'allowCharityChoice'
  | 'currency'
  | 'unlisted'
>;

export type RegistryChanges = Partial<
  Pick<
    Registry,
    | 'childName'
    | 'celebrationType'
    | 'celebrationDate'
    | 'hebrewCalendar'
    | 'personalMessage'
    | 'photoUrl'
    | 'photoFocusX'
    | 'photoFocusY'
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
}

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

export type NewGuest = GuestDetails & Pick<Guest, 'registryId'>;

/** The family's guest list (core/model/guest.ts): one line per e-mail address and registry. */
export interface GuestRepository {
  /** Several guests at once; inside a transaction, all of them or none. */
  createMany(guests: readonly NewGuest[]): Promise<Guest[]>;
  /** Replaces the guest's fields; fails with guest.not_found for an unknown id. */
  update(id: string, details: GuestDetails): Promise<Guest>;
  /** Null for an unknown id, including one that is not a uuid at all. */
  findById(id: string): Promise<Guest | null>;
  /** By name (case aside), then the earliest added first. */
  listByRegistry(registryId: string): Promise<Guest[]>;
  /** Answers whether there was one. */
  delete(id: string): Promise<boolean>;
  /** Each gift of the registry that belongs to a guest on its list (core/guest/guest-gifts.ts's rule), oldest first. */
  giftsOfGuests(registryId: string): Promise<GuestGift[]>;
  /**
   * Gives the guest a new personal link's digest in place of any before (the old link stops
   * working); answers false for an unknown guest.
   */
  replaceLinkDigest(id: string, tokenHash: string): Promise<boolean>;
  /** The guest whose personal link has this digest now, or null. */
  findByLinkDigest(tokenHash: string): Promise<Guest | null>;
  /** Records the guest's answer in place of any before; fails with guest.not_found for an unknown id. */
  recordRsvp(id: string, rsvp: GuestRsvp): Promise<Guest>;
  /** Records that these guests were e-mailed the invitation now (a resend moves the date). */
  markInvited(guestIds: readonly string[], at: Date): Promise<void>;
  /**
   * Claims the registry's guests due their one reminder, and answers them: invited before
   * `invitedBefore`, never reminded, who have neither answered nor given, and whose address is not
   * unsubscribed from invitations. One conditional update (reminded_at set where it was null), so
   * of two instances claiming at once each guest goes to one; the caller queues the reminders in
   * the same transaction.
   */
  claimReminders(registryId: string, invitedBefore: Date, at: Date, limit: number): Promise<Guest[]>;
}

/** The family's invitation settings (core/model/invitation-settings.ts), one row per registry once saved. */
export interface InvitationSettingsRepository {
  /** The saved settings, or the defaults when the family never saved any. */
  findFor(registryId: string): Promise<InvitationSettings>;
  save(settings: Omit<InvitationSettings, 'updatedAt'>, at: Date): Promise<InvitationSettings>;
  /**
   * Open registries whose reminder day has come (the chosen days before the date, the date not
   * passed) and that have an invited guest not yet reminded, the soonest celebration first.
   */
  listDueReminders(today: Date, limit: number): Promise<string[]>;
}

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

/** Append-only: events are added and read, never changed or removed. */
export interface AuditTrail {
  append(event: NewAuditEvent): Promise<AuditEvent>;
  /** Newest first. */
  list(limit: number): Promise<AuditEvent[]>;
}

/** An account's balance in one currency: signed cents, debits positive (see core/ledger/chart-of-accounts.ts). */
export interface AccountBalance {
  currency: Currency;
  account: string;
  balance: Cents;
}

/**
 * The double-entry ledger: append-only (the database refuses any UPDATE or DELETE of an entry or a
 * posting, and any entry whose postings do not add up to zero at commit). Entries are posted in the
 * transaction of the change that moved the money.
 */
export interface Ledger {
  /** Posts the entry unless one with its key was posted already, in one statement; answers whether this call posted it. */
  post(entry: LedgerEntry): Promise<boolean>;
  /** Every account's balance, per currency (accounts that were never posted to are absent). */
  listBalances(): Promise<AccountBalance[]>;
  /** How many entries each currency has. */
  countEntries(): Promise<Map<Currency, number>>;
  /** Entries whose postings do not add up to zero: none, unless someone went around the database's check. */
  listUnbalancedEntries(): Promise<{ key: string; currency: Currency; total: Cents }[]>;
  /** Every entry that names one of these provider ids, with its postings (reconciliation matches them). */
  listByReferences(references: readonly string[]): Promise<PostedLedgerEntry[]>;
  /** Every entry posted in the range (of these kinds only, when given), with its postings, oldest first. */
  listPosted(range: { from: Date; to: Date }, kinds?: readonly EntryKind[]): Promise<PostedLedgerEntry[]>;
  /** What each account moved, per currency and UTC month, by kind of entry: the finance page's figures. */
  listMonthlyMovements(): Promise<MonthlyMovement[]>;
}

/** A ledger entry as the database holds it: with when it was posted. */
export type PostedLedgerEntry = LedgerEntry & { postedAt: Date };

/** The sum of one account's postings in one currency and UTC month, in entries of one kind. */
export interface MonthlyMovement {
  currency: Currency;
  /** YYYY-MM, UTC. */
  month: string;
  kind: EntryKind;
  account: string;
  /** Whether the entries named a provider id (a bank transfer does, a PayPal or check payout does not). */
  referenced: boolean;
  /** Signed cents, debits positive. */
  amount: Cents;
}

/** Each UTC day's reconciliation with the provider, and every difference it ever found. */
export interface ReconciliationRepository {
  /**
   * Takes the day's run for the caller, in one statement, so that of all the instances looking at
   * once exactly one runs it: creates the day's row, or takes over a run that failed or was left
   * running since before staleBefore (its instance died). With force (an operator's command), takes
   * it whatever its state. Answers whether the caller holds it.
   */
  claim(day: string, startedAt: Date, options: { staleBefore: Date; force: boolean }): Promise<boolean>;
  /** Records how the day's run ended. */
  finish(run: Omit<ReconciliationRun, 'startedAt'>): Promise<void>;
  /** Records the differences never recorded before, and answers those alone: each is told to administrators once. */
  recordNew(day: string, differences: readonly ReconciliationDifference[]): Promise<ReconciliationDifference[]>;
  /** The runs of the days from `from` to `to` (YYYY-MM-DD, both included), oldest first. */
  listRuns(from: string, to: string): Promise<ReconciliationRun[]>;
}

/** Disputes of gifts' charges (chargebacks), one row per provider dispute. */
export interface DisputeRepository {
  /** Fails with dispute.exists when the provider's dispute is recorded already (two reports racing). */
  create(dispute: NewDispute): Promise<Dispute>;
  /** Null for an unknown id, including one that is not a uuid at all. */
  findById(id: string): Promise<Dispute | null>;
  /** Inside a transaction: the row stays locked until the transaction ends. */
  findByIdForUpdate(id: string): Promise<Dispute | null>;
  /** Inside a transaction: the dispute with the provider's id, locked until the transaction ends. */
  findByProviderIdForUpdate(providerDisputeId: string): Promise<Dispute | null>;
  /** Inside a transaction: the gift's dispute that may take or took its money (not decided yet, or lost), locked; null when it has none. */
  findNotWonByGiftIdForUpdate(giftId: string): Promise<Dispute | null>;
  update(id: string, changes: DisputeChanges): Promise<Dispute>;
  /** Newest first. */
  list(): Promise<Dispute[]>;
  /** Whether a gift of the registry has a dispute not decided yet. */
  hasUndecided(registryId: string): Promise<boolean>;
  /** The ids of the registry's gifts with a dispute not decided yet. */
  listUndecidedGiftIds(registryId: string): Promise<Set<string>>;
  /** Won after closing, the family's follow-up payout not sent yet (waiting, or claimed and being sent): oldest first. */
  listFollowUpsPending(): Promise<Dispute[]>;
  /** The registry's disputes won after it closed, each with its follow-up payout whatever its state; empty for an id that is not a uuid. */
  listFollowUpsOfRegistry(registryId: string): Promise<Dispute[]>;
}

/** Which gift a thank-you note thanks: one paid through us, or one given by hand. */
export interface ThankedGiftRef {
  id: string;
  byHand: boolean;
}

export type NoteContent = Pick<ThankYouNote, 'templateId' | 'customMessage' | 'imageUrls' | 'imageSize'>;

export interface ThankYouNoteRepository {
  findById(id: string): Promise<ThankYouNote | null>;
  /** The note of the gift with this id, whichever kind of gift it is. */
  findByGiftId(giftId: string): Promise<ThankYouNote | null>;
  /** The notes of the gifts with these ids, of either kind. */
  listByGiftIds(giftIds: string[]): Promise<ThankYouNote[]>;
  /** Creates the gift's note, or replaces the content of the one it has (one note per gift). */
  save(gift: ThankedGiftRef, content: NoteContent): Promise<ThankYouNote>;
  /** Sent (again): "not delivered" is cleared; with sendTo, the card's address from now on. */
  markSent(id: string, sentAt: Date, sendTo?: string): Promise<ThankYouNote>;
}

export type NewThankYouCard = Omit<ThankYouCard, 'id' | 'createdAt'>;

/** The cards a family wrote once for many gifts (the spec's thank_you_cards table); each gift's own note records what its giver got. */
export interface ThankYouCardRepository {
  create(card: NewThankYouCard): Promise<ThankYouCard>;
  /** Newest first. */
  listByRegistry(registryId: string): Promise<ThankYouCard[]>;
}

/** The owner's one reminder per registry about gifts still without a sent card. */
export interface ThankYouReminderRepository {
  /**
   * Registries celebrated at or before the time that have a succeeded gift with no sent card and
   * were never reminded, earliest celebration first.
   */
  listDue(celebratedBy: Date, limit: number): Promise<string[]>;
  /** Records the registry's reminder unless one is recorded, in one statement; answers whether this call recorded it. */
  record(registryId: string, remindedAt: Date): Promise<boolean>;
}

/** The suppression list (core/model/suppression.ts): addresses that messages of a scope must not go to. */
export interface MailSuppressionRepository {
  /** Puts the address under the scope, or refreshes the reason and time it is there for. */
  add(suppression: Suppression): Promise<void>;
  /** The address's suppressions, of every scope. */
  listFor(address: string): Promise<Suppression[]>;
  /** Lifts one scope of the address's suppressions (a new newsletter subscription lifts its unsubscribe); answers whether it was there. */
  remove(address: string, scope: SuppressionScope): Promise<boolean>;
  /** Lifts the address's bounce and drop suppressions (a family checked the address); answers whether there was one. */
  liftUndeliverable(address: string): Promise<boolean>;
}

/** The charities' receipts (core/model/receipt.ts): issued once per gift, voided at most once, never otherwise changed. */
export interface ReceiptRepository {
  /**
   * Inside the transaction that records the gift's payment: takes the next number of the receipt's
   * year from that year's counter, which stays locked until the transaction ends, so numbers are
   * unique and, whatever rolls back, without gaps. A gift that has a receipt already keeps it, and
   * its receipt is answered unchanged.
   */
  issue(receipt: NewReceipt): Promise<Receipt>;
  findByGiftId(giftId: string): Promise<Receipt | null>;
  /** Voids the gift's issued receipt in one conditional statement and answers it; null when it has none, or it is void already. */
  voidForGift(giftId: string, at: Date): Promise<Receipt | null>;
  /** The receipts of these gifts, in no particular order. */
  listByGiftIds(giftIds: readonly string[]): Promise<Receipt[]>;
}

export interface Repositories {
  users: UserRepository;
  sessions: SessionRepository;
  accountExports: AccountExportRepository;
  personalData: PersonalDataRepository;
  accountTokens: AccountTokenRepository;
  coOwnerInvitations: CoOwnerInvitationRepository;
  newsletter: NewsletterRepository;
  charities: CharityRepository;
  registries: RegistryRepository;
  gifts: GiftRepository;
  offlineGifts: OfflineGiftRepository;
  guests: GuestRepository;
  invitationSettings: InvitationSettingsRepository;
  thankYouNotes: ThankYouNoteRepository;
  thankYouCards: ThankYouCardRepository;
  thankYouReminders: ThankYouReminderRepository;
  charityPayouts: CharityPayoutRepository;
  receipts: ReceiptRepository;
  audit: AuditTrail;
  ledger: Ledger;
  disputes: DisputeRepository;
  reconciliations: ReconciliationRepository;
  /** Mail queued here commits or rolls back with the rest of the transaction. */
  mail: MailQueue;
  mailSuppressions: MailSuppressionRepository;
}

/** Runs work in one database transaction: all of it lands, or none of it does. */
export interface UnitOfWork {
  /**
   * With snapshot, the work only reads, and every read sees the database as it was at the first
   * one (repeatable read), so figures read one after another agree with each other.
   */
  transaction<T>(work: (repositories: Repositories) => Promise<T>, options?: { snapshot?: boolean }): Promise<T>;
}
