import { DomainError } from '@core/errors';
import type { NewUser, User, UserWithPassword } from '@core/model/user';
import type { UserRepository } from '@core/ports/user-repository';

export class InMemoryUserRepository implements UserRepository {
  rows = new Map<string, UserWithPassword>();

  async create(user: NewUser): Promise<User> {
    const rows = [...this.rows.values()];
    if (rows.some((row) => row.username.toLowerCase() === user.username.toLowerCase())) {
      throw new DomainError('auth.username_taken', 'Username already exists');
    }
    if (rows.some((row) => row.email.toLowerCase() === user.email.toLowerCase())) {
      throw new DomainError('auth.email_taken', 'An account with this email already exists');
    }
    const now = new Date();
    const row: UserWithPassword = {
      id: crypto.randomUUID(),
      username: user.username,
      email: user.email,
      passwordHash: user.passwordHash,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: null,
      isAdmin: false,
      payoutAccountId: null,
      payoutAccountStatus: null,
      payoutAccountOnboardedAt: null,
      deletionDueAt: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    this.rows.set(row.id, row);
    return withoutPassword(row);
  }

  async findById(id: string): Promise<User | null> {
    const row = this.rows.get(id);
    return row ? withoutPassword(row) : null;
  }

  async findByIds(ids: readonly string[]): Promise<User[]> {
    return [...new Set(ids)].flatMap((id) => {
      const row = this.rows.get(id);
      return row ? [withoutPassword(row)] : [];
    });
  }

  async findByUsername(username: string): Promise<User | null> {
    const row = this.byUsername(username);
    return row ? withoutPassword(row) : null;
  }

  async findByUsernameWithPassword(username: string): Promise<UserWithPassword | null> {
    const row = this.byUsername(username);
    return row ? { ...row } : null;
  }

  async findByEmail(email: string): Promise<User | null> {
    const row = [...this.rows.values()].find((candidate) => candidate.email.toLowerCase() === email.toLowerCase());
    return row ? withoutPassword(row) : null;
  }

  async findByIdWithPassword(id: string): Promise<UserWithPassword | null> {
    const row = this.rows.get(id);
    return row ? { ...row } : null;
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    const row = this.rows.get(id);
    if (!row) throw new DomainError('user.not_found', 'User not found');
    this.change(row, { passwordHash });
  }

  async setNames(id: string, names: { firstName: string; lastName: string }): Promise<User> {
    const row = this.rows.get(id);
    if (!row) throw new DomainError('user.not_found', 'User not found');
    return this.change(row, names);
  }

  async setEmail(id: string, email: string): Promise<User> {
    const row = this.rows.get(id);
    if (!row) throw new DomainError('user.not_found', 'User not found');
    if ([...this.rows.values()].some((other) => other.id !== id && other.email.toLowerCase() === email.toLowerCase())) {
      throw new DomainError('auth.email_taken', 'An account with this email already exists');
    }
    return this.change(row, { email });
  }

  async setAdmin(id: string, isAdmin: boolean): Promise<User> {
    const row = this.rows.get(id);
    if (!row) throw new DomainError('user.not_found', 'User not found');
    const updated = { ...row, isAdmin, updatedAt: new Date() };
    this.rows.set(id, updated);
    return withoutPassword(updated);
  }

  async listAdmins(): Promise<User[]> {
    return [...this.rows.values()]
      .filter((row) => row.isAdmin)
      .sort((a, b) => a.username.toLowerCase().localeCompare(b.username.toLowerCase()))
      .map(withoutPassword);
  }

  async attachPayoutAccount(id: string, accountId: string): Promise<User> {
    const row = this.rows.get(id);
    if (!row) throw new DomainError('user.not_found', 'User not found');
    // The first account recorded stays, as the database's conditional update keeps it.
    if (row.payoutAccountId !== null) return withoutPassword(row);
    return this.change(row, { payoutAccountId: accountId });
  }

  async setPayoutAccountStatus(id: string, status: string, onboardedAt: Date | null): Promise<User> {
    const row = this.rows.get(id);
    if (!row) throw new DomainError('user.not_found', 'User not found');
    return this.change(row, { payoutAccountStatus: status, payoutAccountOnboardedAt: row.payoutAccountOnboardedAt ?? onboardedAt });
  }

  async scheduleDeletion(id: string, dueAt: Date): Promise<User> {
    const row = this.rows.get(id);
    if (!row || row.deletedAt) throw new DomainError('user.not_found', 'User not found');
    return this.change(row, { deletionDueAt: dueAt });
  }

  async cancelDeletion(id: string): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.deletionDueAt === null || row.deletedAt) return false;
    this.change(row, { deletionDueAt: null });
    return true;
  }

  async listDeletionsDue(now: Date, limit: number): Promise<string[]> {
    return [...this.rows.values()]
      .filter((row) => row.deletionDueAt !== null && row.deletionDueAt <= now && row.deletedAt === null)
      .sort((a, b) => a.deletionDueAt!.getTime() - b.deletionDueAt!.getTime())
      .slice(0, limit)
      .map((row) => row.id);
  }

  // Transactions run one at a time here, so nothing else can hold the row.
  async lockDeletionDue(id: string, now: Date): Promise<User | null> {
    const row = this.rows.get(id);
    return row && row.deletionDueAt !== null && row.deletionDueAt <= now && row.deletedAt === null ? withoutPassword(row) : null;
  }

  private change(row: UserWithPassword, changes: Partial<UserWithPassword>): User {
    const updated = { ...row, ...changes, updatedAt: new Date() };
    this.rows.set(row.id, updated);
    return withoutPassword(updated);
  }

  private byUsername(username: string): UserWithPassword | undefined {
    return [...this.rows.values()].find((row) => row.username.toLowerCase() === username.toLowerCase());
  }
}

function withoutPassword(row: UserWithPassword): User {
  const { passwordHash: _hash, ...user } = row;
  return user;
}
