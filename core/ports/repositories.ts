import type { NewUser, User, UserWithPassword } from '../account/user';
import type { Charity, NewCharity } from '../charity/charity';

export interface UserRepository {
  /** Fails with auth.username_taken or auth.email_taken when either is already in use. */
  create(user: NewUser): Promise<User>;
  findById(id: string): Promise<User | null>;
  findByUsernameWithPassword(username: string): Promise<UserWithPassword | null>;
  findByUsername(username: string): Promise<User | null>;
  setAdmin(id: string, isAdmin: boolean): Promise<User>;
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

export interface Repositories {
  users: UserRepository;
  sessions: SessionRepository;
  charities: CharityRepository;
}

/** Runs work in one database transaction: all of it lands, or none of it does. */
export interface UnitOfWork {
  transaction<T>(work: (repositories: Repositories) => Promise<T>): Promise<T>;
}
