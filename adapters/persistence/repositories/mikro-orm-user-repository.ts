import { UniqueConstraintViolationException, raw } from '@mikro-orm/core';
import { DomainError } from '@core/errors';
import { isUuid } from '@core/ids';
import type { NewUser, User, UserWithPassword } from '@core/model/user';
import type { UserRepository } from '@core/ports/user-repository';
import { UserEntity, type UserRow } from '../entities/user-entity';
import type { EntityManagerSource } from './entity-manager-source';

function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName ?? null,
    lastName: row.lastName ?? null,
    profileImageUrl: row.profileImageUrl ?? null,
    isAdmin: row.isAdmin,
    payoutAccountId: row.payoutAccountId ?? null,
    payoutAccountStatus: row.payoutAccountStatus ?? null,
    payoutAccountOnboardedAt: row.payoutAccountOnboardedAt ?? null,
    deletionDueAt: row.deletionDueAt ?? null,
    deletedAt: row.deletedAt ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const byLowerUsername = (username: string) => ({ [raw('lower(username)')]: username.toLowerCase() });
const byLowerEmail = (email: string) => ({ [raw('lower(email)')]: email.toLowerCase() });

export class MikroOrmUserRepository implements UserRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async create(user: NewUser): Promise<User> {
    await this.refuseTaken(user.username, user.email);
    const em = this.em();
    const now = new Date();
    try {
      const row = em.create(UserEntity, {
        username: user.username,
        email: user.email,
        password: user.passwordHash,
        firstName: user.firstName,
        lastName: user.lastName,
        isAdmin: false,
        createdAt: now,
        updatedAt: now,
      } as UserRow);
      await em.persist(row).flush();
      return toUser(row);
    } catch (error) {
      // Two sign-ups raced past the check above; the unique indexes decide, and we say which.
      if (error instanceof UniqueConstraintViolationException) {
        await this.refuseTaken(user.username, user.email);
      }
      throw error;
    }
  }

  private async refuseTaken(username: string, email: string): Promise<void> {
    const em = this.em();
    if (await em.count(UserEntity, byLowerUsername(username))) {
      throw new DomainError('auth.username_taken', 'Username already exists');
    }
    if (await em.count(UserEntity, byLowerEmail(email))) {
      throw new DomainError('auth.email_taken', 'An account with this email already exists');
    }
  }

  async findById(id: string): Promise<User | null> {
    const row = await this.em().findOne(UserEntity, { id });
    return row ? toUser(row) : null;
  }

  async findByIds(ids: readonly string[]): Promise<User[]> {
    const known = [...new Set(ids.filter(isUuid))];
    if (known.length === 0) return [];
    return (await this.em().find(UserEntity, { id: { $in: known } })).map(toUser);
  }

  async findByUsername(username: string): Promise<User | null> {
    const row = await this.em().findOne(UserEntity, byLowerUsername(username));
    return row ? toUser(row) : null;
  }

  async findByUsernameWithPassword(username: string): Promise<UserWithPassword | null> {
    const row = await this.em().findOne(UserEntity, byLowerUsername(username), { populate: ['password'] as never });
    return row ? { ...toUser(row), passwordHash: row.password } : null;
  }

  async findByEmail(email: string): Promise<User | null> {
    const row = await this.em().findOne(UserEntity, byLowerEmail(email));
    return row ? toUser(row) : null;
  }

  async findByIdWithPassword(id: string): Promise<UserWithPassword | null> {
    if (!isUuid(id)) return null;
    const row = await this.em().findOne(UserEntity, { id }, { populate: ['password'] as never });
    return row ? { ...toUser(row), passwordHash: row.password } : null;
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    const changed = isUuid(id) ? await this.em().nativeUpdate(UserEntity, { id }, { password: passwordHash, updatedAt: new Date() }) : 0;
    if (changed !== 1) throw new DomainError('user.not_found', 'User not found');
  }

  async setNames(id: string, names: { firstName: string; lastName: string }): Promise<User> {
    const changed = isUuid(id) ? await this.em().nativeUpdate(UserEntity, { id }, { ...names, updatedAt: new Date() }) : 0;
    if (changed !== 1) throw new DomainError('user.not_found', 'User not found');
    return this.reread(id);
  }

  async setEmail(id: string, email: string): Promise<User> {
    const em = this.em();
    const taken = async () => (await em.count(UserEntity, { ...byLowerEmail(email), id: { $ne: id } })) > 0;
    if (isUuid(id) && (await taken())) throw new DomainError('auth.email_taken', 'An account with this email already exists');
    let changed: number;
    try {
      changed = isUuid(id) ? await em.nativeUpdate(UserEntity, { id }, { email, updatedAt: new Date() }) : 0;
    } catch (error) {
      // A sign-up raced past the check above; the unique index decides.
      if (error instanceof UniqueConstraintViolationException)
        throw new DomainError('auth.email_taken', 'An account with this email already exists');
      throw error;
    }
    if (changed !== 1) throw new DomainError('user.not_found', 'User not found');
    return this.reread(id);
  }

  async setAdmin(id: string, isAdmin: boolean): Promise<User> {
    const em = this.em();
    const row = await em.findOne(UserEntity, { id });
    if (!row) throw new DomainError('user.not_found', 'User not found');
    row.isAdmin = isAdmin;
    await em.flush();
    return toUser(row);
  }

  async listAdmins(): Promise<User[]> {
    const rows = await this.em().find(UserEntity, { isAdmin: true }, { orderBy: { [raw('lower(username)')]: 'asc' } });
    return rows.map(toUser);
  }

  async attachPayoutAccount(id: string, accountId: string): Promise<User> {
    const em = this.em();
    // One conditional statement: of two racing callers only the first writes, and the re-read
    // hands both the account that was written.
    if (isUuid(id)) {
      await em.nativeUpdate(UserEntity, { id, payoutAccountId: null }, { payoutAccountId: accountId, updatedAt: new Date() });
    }
    return this.reread(id);
  }

  async setPayoutAccountStatus(id: string, status: string, onboardedAt: Date | null): Promise<User> {
    // The first verification's date stays: a later check that finds the account pending again
    // (new requirements) does not erase when it was onboarded.
    const changed = isUuid(id)
      ? await this.em().nativeUpdate(UserEntity, { id }, {
          payoutAccountStatus: status,
          payoutAccountOnboardedAt: raw('coalesce(stripe_connect_onboarded_at, ?::timestamptz)', [onboardedAt?.toISOString() ?? null]),
          updatedAt: new Date(),
        } as never)
      : 0;
    if (changed !== 1) throw new DomainError('user.not_found', 'User not found');
    return this.reread(id);
  }

  async scheduleDeletion(id: string, dueAt: Date): Promise<User> {
    const changed = isUuid(id)
      ? await this.em().nativeUpdate(UserEntity, { id, deletedAt: null }, { deletionDueAt: dueAt, updatedAt: new Date() })
      : 0;
    if (changed !== 1) throw new DomainError('user.not_found', 'User not found');
    return this.reread(id);
  }

  async cancelDeletion(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    return (
      (await this.em().nativeUpdate(
        UserEntity,
        { id, deletionDueAt: { $ne: null }, deletedAt: null },
        { deletionDueAt: null, updatedAt: new Date() },
      )) === 1
    );
  }

  async listDeletionsDue(now: Date, limit: number): Promise<string[]> {
    const rows = await this.em().find(
      UserEntity,
      { deletionDueAt: { $lte: now }, deletedAt: null },
      { fields: ['id'], orderBy: { deletionDueAt: 'asc' }, limit },
    );
    return rows.map((row) => row.id);
  }

  async lockDeletionDue(id: string, now: Date): Promise<User | null> {
    if (!isUuid(id)) return null;
    const rows = await this.em().execute<UserRow[]>(
      `select "id" from "users" where "id" = ? and "deletion_due_at" <= ? and "deleted_at" is null for update skip locked`,
      [id, now.toISOString()],
    );
    return rows.length === 1 ? this.reread(id) : null;
  }

  /** Reads the row again, past the identity map, which a transaction may hold from before a native update. */
  private async reread(id: string): Promise<User> {
    const row = isUuid(id) ? await this.em().findOne(UserEntity, { id }, { refresh: true }) : null;
    if (!row) throw new DomainError('user.not_found', 'User not found');
    return toUser(row);
  }
}
