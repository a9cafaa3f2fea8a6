import type { NewUser, User, UserWithPassword } from '../model/user';

export interface UserRepository {
  /** Fails with auth.username_taken or auth.email_taken when either is already in use. */
  create(user: NewUser): Promise<User>;
  findById(id: string): Promise<User | null>;
  /** The accounts of these ids that exist, in no particular order: one read for a list's owners. */
  findByIds(ids: readonly string[]): Promise<User[]>;
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
  attachPayoutAccount(id: string, accountId: string): Promise<User>;
  /** The provider's verification state as last seen ('pending' or 'verified'), and when it was first verified. */
  setPayoutAccountStatus(id: string, status: string, onboardedAt: Date | null): Promise<User>;
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
