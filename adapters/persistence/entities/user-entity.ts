import { EntitySchema } from '@mikro-orm/core';
import type { User } from '@core/model/user';

/** The users table: the domain's user plus the password hash, in the spec's column name. */
export type UserRow = User & { password: string };

export const UserEntity = new EntitySchema<UserRow>({
  name: 'User',
  tableName: 'users',
  // One account per name and per address, whatever the letter case.
  indexes: [
    // The deletion job's look for accounts whose grace period ended.
    {
      name: 'users_deletion_due_at_index',
      expression: 'create index "users_deletion_due_at_index" on "users" ("deletion_due_at") where "deletion_due_at" is not null',
    },
    { name: 'users_username_lower_unique', expression: 'create unique index "users_username_lower_unique" on "users" (lower("username"))' },
    { name: 'users_email_lower_unique', expression: 'create unique index "users_email_lower_unique" on "users" (lower("email"))' },
  ],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    username: { type: 'string', length: 255, unique: 'users_username_unique' },
    password: { type: 'string', length: 255, lazy: true },
    email: { type: 'string', length: 255, unique: 'users_email_unique' },
    firstName: { type: 'string', length: 255, nullable: true },
    lastName: { type: 'string', length: 255, nullable: true },
    profileImageUrl: { type: 'string', length: 1024, nullable: true },
    isAdmin: { type: 'boolean', default: false },
    // The columns keep their provider's names, for the reason given at cardFee in gift-entity.ts.
    payoutAccountId: { type: 'string', length: 255, nullable: true, fieldName: 'stripe_connect_account_id' },
    payoutAccountStatus: { type: 'string', length: 20, nullable: true, fieldName: 'stripe_connect_status' },
    payoutAccountOnboardedAt: { type: 'datetime', nullable: true, fieldName: 'stripe_connect_onboarded_at' },
    deletionDueAt: { type: 'datetime', nullable: true },
    deletedAt: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
    updatedAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
