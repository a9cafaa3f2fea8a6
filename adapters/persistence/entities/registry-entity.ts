import { EntitySchema } from '@mikro-orm/core';
import { primaryKeyOf } from './primary-key-of';
import { CharityEntity } from './charity-entity';
import { UserEntity } from './user-entity';

export interface RegistryRow {
  id: string;
  userId: string;
  shortCode: string;
  childName: string;
  celebrationDate: Date;
  personalMessage: string | null;
  photoUrl: string | null;
  preferredCharityId: string | null;
  allowCharityChoice: boolean;
  isActive: boolean;
  currency: string;
  status: string;
  totalReceived: string;
  payoutMethod: string | null;
  bankAccountHolder: string | null;
  bankAccountNumber: string | null;
  bankRoutingNumber: string | null;
  bankName: string | null;
  paypalEmail: string | null;
  mailingName: string | null;
  mailingAddress: string | null;
  mailingCity: string | null;
  mailingState: string | null;
  mailingZip: string | null;
  mailingCountry: string;
  closedAt: Date | null;
  payoutAmount: string | null;
  charityPayoutAmount: string | null;
  stripePayoutId: string | null;
  payoutStatus: string;
  payoutSentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const money = { type: 'decimal', precision: 10, scale: 2 } as const;
const text255 = { type: 'string', length: 255, nullable: true } as const;

export const RegistryEntity = new EntitySchema<RegistryRow>({
  name: 'Registry',
  tableName: 'registries',
  indexes: [{ name: 'registries_status_index', properties: ['status'] }],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    userId: { kind: 'm:1', entity: primaryKeyOf(() => UserEntity), mapToPk: true, fieldName: 'user_id', index: 'registries_user_id_index' },
    shortCode: { type: 'string', length: 8, unique: 'registries_short_code_unique' },
    childName: { type: 'string', length: 255 },
    celebrationDate: { type: 'datetime' },
    personalMessage: { type: 'text', nullable: true },
    photoUrl: { type: 'string', length: 1024, nullable: true },
    preferredCharityId: { kind: 'm:1', entity: primaryKeyOf(() => CharityEntity), mapToPk: true, fieldName: 'preferred_charity_id', nullable: true, deleteRule: 'set null' },
    allowCharityChoice: { type: 'boolean', default: true },
    isActive: { type: 'boolean', default: true },
    currency: { type: 'string', length: 3, default: 'USD' },
    status: { type: 'string', length: 20, default: 'open' },
    totalReceived: { ...money, default: '0.00' },
    payoutMethod: { type: 'string', length: 20, nullable: true },
    bankAccountHolder: text255,
    bankAccountNumber: text255,
    bankRoutingNumber: text255,
    bankName: text255,
    paypalEmail: text255,
    mailingName: text255,
    mailingAddress: text255,
    mailingCity: text255,
    mailingState: text255,
    mailingZip: { type: 'string', length: 20, nullable: true },
    mailingCountry: { type: 'string', length: 2, default: 'US' },
    closedAt: { type: 'datetime', nullable: true },
    payoutAmount: { ...money, nullable: true },
    charityPayoutAmount: { ...money, nullable: true },
    stripePayoutId: text255,
    payoutStatus: { type: 'string', length: 20, default: 'pending' },
    payoutSentAt: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
    updatedAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
