import type { AccountToken, AccountTokenPurpose, NewAccountToken } from '@core/model/account-token';
import type { AccountTokenRepository } from '@core/ports/account-token-repository';

type Row = AccountToken & { tokenHash: string };

export class InMemoryAccountTokenRepository implements AccountTokenRepository {
  rows = new Map<string, Row>();

  async create(token: NewAccountToken): Promise<AccountToken> {
    if ([...this.rows.values()].some((row) => row.tokenHash === token.tokenHash)) throw new Error('duplicate token digest');
    const row: Row = { id: crypto.randomUUID(), ...token, usedAt: null, createdAt: new Date() };
    this.rows.set(row.id, row);
    return withoutHash(row);
  }

  async consume(tokenHash: string, purpose: AccountTokenPurpose, now: Date): Promise<AccountToken | null> {
    const row = [...this.rows.values()].find((candidate) => candidate.tokenHash === tokenHash && candidate.purpose === purpose);
    if (!row || row.usedAt !== null || row.expiresAt <= now) return null;
    const used = { ...row, usedAt: now };
    this.rows.set(row.id, used);
    return withoutHash(used);
  }

  async findUsable(tokenHash: string, purpose: AccountTokenPurpose, now: Date): Promise<AccountToken | null> {
    const row = [...this.rows.values()].find((candidate) => candidate.tokenHash === tokenHash && candidate.purpose === purpose);
    return row && row.usedAt === null && row.expiresAt > now ? withoutHash(row) : null;
  }

  async revokeForUser(userId: string, purpose: AccountTokenPurpose, now: Date): Promise<number> {
    let revoked = 0;
    for (const row of this.rows.values()) {
      if (row.userId === userId && row.purpose === purpose && row.usedAt === null) {
        this.rows.set(row.id, { ...row, usedAt: now });
        revoked += 1;
      }
    }
    return revoked;
  }

  async purgeExpired(now: Date): Promise<number> {
    let purged = 0;
    for (const row of [...this.rows.values()]) {
      if (row.expiresAt <= now) {
        this.rows.delete(row.id);
        purged += 1;
      }
    }
    return purged;
  }
}

function withoutHash(row: Row): AccountToken {
  const { tokenHash: _hash, ...token } = row;
  return { ...token };
}
