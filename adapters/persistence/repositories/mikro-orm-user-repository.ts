import { UniqueConstraintViolationException, raw } from '@mikro-orm/core';
import { DomainError } from '../../../core/errors';
import type { NewUser, User, UserWithPassword } from '../../../core/account/user';
import type { UserRepository } from '../../../core/ports/repositories';
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
    stripeConnectAccountId: row.stripeConnectAccountId ?? null,
    stripeConnectStatus: row.stripeConnectStatus ?? null,
    stripeConnectOnboardedAt: row.stripeConnectOnboardedAt ?? null,
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

  async findByUsername(username: string): Promise<User | null> {
    const row = await this.em().findOne(UserEntity, byLowerUsername(username));
    return row ? toUser(row) : null;
  }

  async findByUsernameWithPassword(username: string): Promise<UserWithPassword | null> {
    const row = await this.em().findOne(UserEntity, byLowerUsername(username), { populate: ['password'] as never });
    return row ? { ...toUser(row), passwordHash: row.password } : null;
  }

  async setAdmin(id: string, isAdmin: boolean): Promise<User> {
    const em = this.em();
    const row = await em.findOne(UserEntity, { id });
    if (!row) throw new DomainError('user.not_found', 'User not found');
    row.isAdmin = isAdmin;
    await em.flush();
    return toUser(row);
  }
}
