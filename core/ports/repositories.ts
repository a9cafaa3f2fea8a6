import type { NewUser, User, UserWithPassword } from '../account/user';
import type { Charity, NewCharity } from '../charity/charity';
import type { Gift, PaymentStatus } from '../gift/gift';
import type { Cents } from '../money';
import type { MailQueue } from './mail-queue';
import type { Registry } from '../registry/registry';
import type { AuditEvent, NewAuditEvent } from '../payout/audit-event';
import type { CharityPayout } from '../payout/charity-payout';
import type { Currency } from '../money';
import type { ThankYouNote } from '../thank-you/thank-you-note';

export interface UserRepository {
  /** Fails with auth.username_taken or auth.email_taken when either is already in use. */
  create(user: NewUser): Promise<User>;
  findById(id: string): Promise<User | null>;
  findByUsernameWithPassword(username: string): Promise<UserWithPassword | null>;
  findByUsername(username: string): Promise<User | null>;
  setAdmin(id: string, isAdmin: boolean): Promise<User>;
  /**
   * Records the user's connected payment account unless one is already recorded (one per user);
   * answers the user as stored, so a racing second account never replaces the first.
   */
  attachConnectAccount(id: string, accountId: string): Promise<User>;
  /** The provider's verification state as last seen ('pending' or 'verified'), and when it was first verified. */
  setConnectStatus(id: string, status: string, onboardedAt: Date | null): Promise<User>;
}

export interface StoredSession {
  data: Record<string, unknown>;
  expire: Date;
}

/** Server-side sessions (the spec's sessions table: sid, sess, expire). */
export interface SessionRepository {
  get(sid: string, now: Date): Promise<StoredSession | null>;
  set(sid: string, session: StoredSession): Promise<void>;
  destroy(sid: string): Promise<void>;
  purgeExpired(now: Date): Promise<number>;
}

export interface CharityRepository {
  create(charity: NewCharity): Promise<Charity>;
  findById(id: string): Promise<Charity | null>;
  /** Active and inactive, ordered by name. */
  listAll(): Promise<Charity[]>;
  listActive(): Promise<Charity[]>;
  setActive(id: string, isActive: boolean): Promise<Charity>;
  count(): Promise<number>;
}

export type NewRegistry = Pick<
  Registry,
  'userId' | 'shortCode' | 'childName' | 'celebrationDate' | 'personalMessage' | 'photoUrl' | 'preferredCharityId' | 'allowCharityChoice' | 'currency'
>;

export type RegistryChanges = Partial<
  Pick<
    Registry,
    | 'childName'
    | 'celebrationDate'
    | 'personalMessage'
    | 'photoUrl'
    | 'currency'
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
    | 'transferFailureReason'
    | 'transferFailureMessage'
    | 'transferAttempts'
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
  /** Open registries whose child's name contains the text, in any letter case; by name. */
  searchOpenByChildName(text: string, limit: number): Promise<Registry[]>;
  update(id: string, changes: RegistryChanges): Promise<Registry>;
  /** Adds to totalReceived in the database itself, so concurrent credits never overwrite each other. */
  addToTotalReceived(id: string, amount: Cents): Promise<void>;
  delete(id: string): Promise<void>;
  /** Closed registries paid by PayPal or check (status closed or payout_sent), most recently closed first. */
  listManualPayouts(): Promise<Registry[]>;
}

export type NewGift = Omit<Gift, 'id' | 'createdAt'>;

export interface GiftRepository {
  create(gift: NewGift): Promise<Gift>;
  findById(id: string): Promise<Gift | null>;
  /** Inside a transaction: the gift paid by this intent, locked until the transaction ends. */
  findByPaymentIntentIdForUpdate(paymentIntentId: string): Promise<Gift | null>;
  attachPaymentIntent(id: string, paymentIntentId: string): Promise<void>;
  setStatus(id: string, status: PaymentStatus): Promise<void>;
  /** Newest first. */
  listByRegistry(registryId: string): Promise<Gift[]>;
  /** How many succeeded gifts each registry has (registries with none are absent). */
  countSucceeded(registryIds: string[]): Promise<Map<string, number>>;
  /** Any gift that is not failed: pending money may still arrive. */
  hasGiftsOtherThanFailed(registryId: string): Promise<boolean>;
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
  /** Every payout, newest first. */
  list(): Promise<CharityPayout[]>;
  /** Pending payouts only, newest first. */
  listPending(): Promise<CharityPayout[]>;
}

/** Append-only: events are added and read, never changed or removed. */
export interface AuditTrail {
  append(event: NewAuditEvent): Promise<AuditEvent>;
  /** Newest first. */
  list(limit: number): Promise<AuditEvent[]>;
}

export type NoteContent = Pick<ThankYouNote, 'templateId' | 'customMessage' | 'imageUrls' | 'imageSize'>;

export interface ThankYouNoteRepository {
  findById(id: string): Promise<ThankYouNote | null>;
  findByGiftId(giftId: string): Promise<ThankYouNote | null>;
  listByGiftIds(giftIds: string[]): Promise<ThankYouNote[]>;
  /** Creates the gift's note, or replaces the content of the one it has (one note per gift). */
  save(giftId: string, content: NoteContent): Promise<ThankYouNote>;
  markSent(id: string, sentAt: Date): Promise<ThankYouNote>;
}

export interface Repositories {
  users: UserRepository;
  sessions: SessionRepository;
  charities: CharityRepository;
  registries: RegistryRepository;
  gifts: GiftRepository;
  thankYouNotes: ThankYouNoteRepository;
  charityPayouts: CharityPayoutRepository;
  audit: AuditTrail;
  /** Mail queued here commits or rolls back with the rest of the transaction. */
  mail: MailQueue;
}

/** Runs work in one database transaction: all of it lands, or none of it does. */
export interface UnitOfWork {
  transaction<T>(work: (repositories: Repositories) => Promise<T>): Promise<T>;
}
