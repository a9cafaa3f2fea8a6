import { EntitySchema } from '@mikro-orm/core';
import type { AccountToken } from '@core/model/account-token';
import { primaryKeyOf } from './primary-key-of';
import { UserEntity } from './user-entity';

/** A single-use e-mailed link: only the token's SHA-256 digest is kept. */
export type AccountTokenRow = AccountToken & { tokenHash: string };

export const AccountTokenEntity = new EntitySchema<AccountTokenRow>({
  name: 'AccountToken',
  tableName: 'account_tokens',
  checks: [{ name: 'account_tokens_purpose_check', expression: `"purpose" in ('password_reset', 'email_change')` }],
  indexes: [{ name: 'account_tokens_user_id_purpose_index', properties: ['userId', 'purpose'] }],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    // The account's links go with the account.
    userId: { kind: 'm:1', entity: primaryKeyOf(() => UserEntity), mapToPk: true, fieldName: 'user_id', deleteRule: 'cascade' },
    purpose: { type: 'string', length: 20 },
    tokenHash: { type: 'string', length: 64, unique: 'account_tokens_token_hash_unique' },
    newEmail: { type: 'string', length: 255, nullable: true },
    expiresAt: { type: 'datetime' },
    usedAt: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
  },
});
