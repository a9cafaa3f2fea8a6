import type { AccountToken, AccountTokenPurpose, NewAccountToken } from '@core/model/account-token';
import type { AccountTokenRepository } from '@core/ports/account-token-repository';
import { AccountTokenEntity, type AccountTokenRow } from '../entities/account-token-entity';
import type { EntityManagerSource } from './entity-manager-source';

interface TokenRecord {
  id: string;
  user_id: string;
  purpose: AccountTokenPurpose;
  new_email: string | null;
  expires_at: Date | string;
  used_at: Date | string | null;
  created_at: Date | string;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function fromRecord(record: TokenRecord): AccountToken {
  return {
    id: record.id,
    userId: record.user_id,
    purpose: record.purpose,
    newEmail: record.new_email,
    expiresAt: asDate(record.expires_at),
    usedAt: record.used_at === null ? null : asDate(record.used_at),
    createdAt: asDate(record.created_at),
  };
}

function toToken(row: AccountTokenRow): AccountToken {
  return {
    id: row.id,
    userId: row.userId,
    purpose: row.purpose,
    newEmail: row.newEmail ?? null,
    expiresAt: row.expiresAt,
    usedAt: row.usedAt ?? null,
    createdAt: row.createdAt,
  };
}

export class MikroOrmAccountTokenRepository implements AccountTokenRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async create(token: NewAccountToken): Promise<AccountToken> {
    const em = this.em();
    const row = em.create(AccountTokenEntity, { ...token, usedAt: null, createdAt: new Date() } as AccountTokenRow);
    await em.persist(row).flush();
    return toToken(row);
  }

  async consume(tokenHash: string, purpose: AccountTokenPurpose, now: Date): Promise<AccountToken | null> {
    // One conditional statement: of two requests opening the same link at once, one updates the row.
    // em.execute runs inside the caller's transaction, when there is one.
    const [record] = await this.em().execute<TokenRecord[]>(
      `update "account_tokens" set "used_at" = ? where "token_hash" = ? and "purpose" = ? and "used_at" is null and "expires_at" > ?
       returning "id", "user_id", "purpose", "new_email", "expires_at", "used_at", "created_at"`,
      [now, tokenHash, purpose, now],
    );
    return record ? fromRecord(record) : null;
  }

  async findUsable(tokenHash: string, purpose: AccountTokenPurpose, now: Date): Promise<AccountToken | null> {
    const [record] = await this.em().execute<TokenRecord[]>(
      `select "id", "user_id", "purpose", "new_email", "expires_at", "used_at", "created_at" from "account_tokens"
       where "token_hash" = ? and "purpose" = ? and "used_at" is null and "expires_at" > ?`,
      [tokenHash, purpose, now],
    );
    return record ? fromRecord(record) : null;
  }

  async revokeForUser(userId: string, purpose: AccountTokenPurpose, now: Date): Promise<number> {
    return this.em().nativeUpdate(AccountTokenEntity, { userId, purpose, usedAt: null }, { usedAt: now });
  }

  async purgeExpired(now: Date): Promise<number> {
    return this.em().nativeDelete(AccountTokenEntity, { expiresAt: { $lte: now } });
  }
}
