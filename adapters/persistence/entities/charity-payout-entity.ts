import { EntitySchema } from '@mikro-orm/core';
import { CHARITY_PAYOUT_STATUSES, type CharityPayout } from '@core/model/charity-payout';
import { CURRENCIES } from '@core/money';
import { primaryKeyOf } from './primary-key-of';
import { CharityEntity } from './charity-entity';
import { oneOf } from './one-of-check';
import { CentsType } from '../types/cents-type';

export type CharityPayoutRow = CharityPayout;

export const CharityPayoutEntity = new EntitySchema<CharityPayoutRow>({
  name: 'CharityPayout',
  tableName: 'charity_payouts',
  indexes: [
    { name: 'charity_payouts_status_index', properties: ['status'] },
    { name: 'charity_payouts_charity_id_index', properties: ['charityId'] },
    // Closings add to the one pending payout per charity and currency; the database keeps it one,
    // and addToPending's upsert names this index as its conflict target.
    {
      name: 'charity_payouts_one_pending_unique',
      expression: `create unique index "charity_payouts_one_pending_unique" on "charity_payouts" ("charity_id", "currency") where "status" = 'pending'`,
    },
  ],
  checks: [
    { name: 'charity_payouts_currency_check', expression: oneOf('currency', CURRENCIES) },
    { name: 'charity_payouts_status_check', expression: oneOf('status', CHARITY_PAYOUT_STATUSES) },
    { name: 'charity_payouts_amount_check', expression: `"amount" >= 0` },
    { name: 'charity_payouts_gift_count_check', expression: `"gift_count" >= 0` },
  ],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    charityId: { kind: 'm:1', entity: primaryKeyOf(() => CharityEntity), mapToPk: true, fieldName: 'charity_id' },
    // decimal(10,2), cents in the row (adapters/persistence/types/cents-type.ts).
    amount: { type: new CentsType(), precision: 10, scale: 2, default: 0 },
    currency: { type: 'string', length: 3 },
    registryIds: { type: 'text[]', defaultRaw: "'{}'" },
    giftCount: { type: 'integer', default: 0 },
    paymentMethod: { type: 'string', length: 50, nullable: true },
    referenceNumber: { type: 'string', length: 255, nullable: true },
    notes: { type: 'text', nullable: true },
    status: { type: 'string', length: 20, default: 'pending' },
    completedAt: { type: 'datetime', nullable: true },
    // Who holds the payout while it is sent (docs/adr/0017-payouts-claimed-before-they-are-sent.md), and how many claims it had (each one's ledger entry is keyed by its number).
    claimedBy: { type: 'string', length: 255, nullable: true },
    claimedByUserId: { type: 'uuid', nullable: true },
    claimedAt: { type: 'datetime', nullable: true },
    claims: { type: 'integer', defaultRaw: '0' },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
    updatedAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
