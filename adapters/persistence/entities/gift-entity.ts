import { EntitySchema } from '@mikro-orm/core';
import { primaryKeyOf } from './primary-key-of';
import { CharityEntity } from './charity-entity';
import { RegistryEntity } from './registry-entity';

export interface GiftRow {
  id: string;
  registryId: string;
  giftGiverName: string;
  giftGiverEmail: string;
  amount: string;
  childAmount: string;
  charityAmount: string;
  platformFee: string;
  stripeFee: string;
  charityId: string;
  personalMessage: string | null;
  stripePaymentIntentId: string | null;
  paymentStatus: string;
  createdAt: Date;
}

const money = { type: 'decimal', precision: 10, scale: 2 } as const;

export const GiftEntity = new EntitySchema<GiftRow>({
  name: 'Gift',
  tableName: 'gifts',
  indexes: [{ name: 'gifts_registry_id_status_index', properties: ['registryId', 'paymentStatus'] }],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    // Deleting a registry is allowed only when it has no gifts but failed ones; those go with it.
    registryId: { kind: 'm:1', entity: primaryKeyOf(() => RegistryEntity), mapToPk: true, fieldName: 'registry_id', deleteRule: 'cascade' },
    giftGiverName: { type: 'string', length: 255 },
    giftGiverEmail: { type: 'string', length: 255 },
    amount: money,
    childAmount: money,
    charityAmount: money,
    platformFee: money,
    stripeFee: money,
    charityId: { kind: 'm:1', entity: primaryKeyOf(() => CharityEntity), mapToPk: true, fieldName: 'charity_id', index: 'gifts_charity_id_index' },
    personalMessage: { type: 'text', nullable: true },
    stripePaymentIntentId: { type: 'string', length: 255, nullable: true, unique: 'gifts_stripe_payment_intent_id_unique' },
    paymentStatus: { type: 'string', length: 20, default: 'pending' },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
  },
});
