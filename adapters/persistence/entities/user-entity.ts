import { EntitySchema } from '@mikro-orm/core';

export interface UserRow {
  id: string;
  username: string;
  password: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
  stripeConnectAccountId: string | null;
  stripeConnectStatus: string | null;
  stripeConnectOnboardedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const UserEntity = new EntitySchema<UserRow>({
  name: 'User',
  tableName: 'users',
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    username: { type: 'string', length: 255, unique: 'users_username_unique' },
    password: { type: 'string', length: 255, lazy: true },
    email: { type: 'string', length: 255, unique: 'users_email_unique' },
    firstName: { type: 'string', length: 255, nullable: true },
    lastName: { type: 'string', length: 255, nullable: true },
    profileImageUrl: { type: 'string', length: 1024, nullable: true },
    isAdmin: { type: 'boolean', default: false },
    stripeConnectAccountId: { type: 'string', length: 255, nullable: true },
    stripeConnectStatus: { type: 'string', length: 20, nullable: true },
    stripeConnectOnboardedAt: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
    updatedAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
