import { EntitySchema } from '@mikro-orm/core';
import { PAYMENT_STATUSES, type Gift } from '@core/model/gift';
import type { GiftListSearchKeys } from '@core/model/gift-list';
import { CURRENCIES } from '@core/money';
import { primaryKeyOf } from './primary-key-of';
import { CharityEntity } from './charity-entity';
import { RegistryEntity } from './registry-entity';
import { GuestEntity } from './guest-entity';
import { oneOf } from './one-of-check';
import { CentsType } from '../types/cents-type';

/** guestId: the guest whose personal link the giver came by (core/guest/guest-gifts.ts); core's Gift does not carry it. */
export type GiftRow = Omit<Gift, 'providerFee'> & {
  providerFee?: Gift['providerFee'];
  refundStartedAt?: Date | null;
  guestId?: string | null;
} & Partial<GiftListSearchKeys>;

/** decimal(10,2) columns, cents in the row (adapters/persistence/types/cents-type.ts). */
const money = { type: new CentsType(), precision: 10, scale: 2 } as const;

export const GiftEntity = new EntitySchema<GiftRow>({
  name: 'Gift',
  tableName: 'gifts',
  indexes: [
    { name: 'gifts_registry_id_status_index', properties: ['registryId', 'paymentStatus'] },
    // The owner's gift list, paged in the database: by date, and by amount (ties by date, then id).
    { name: 'gifts_registry_id_created_at_index', properties: ['registryId', 'createdAt', 'id'] },
    { name: 'gifts_registry_id_amount_index', properties: ['registryId', 'amount', 'createdAt', 'id'] },
    // And by giver, compared code point by code point, as core compares the folded names.
    {
      name: 'gifts_registry_id_giver_key_index',
      expression: `create index "gifts_registry_id_giver_key_index" on "gifts" ("registry_id", "giver_key" collate "C", "created_at", "id")`,
    },
    // The sweep for abandoned gifts reads only the few pending ones, oldest first.
    {
      name: 'gifts_pending_created_at_index',
      expression: `create index "gifts_pending_created_at_index" on "gifts" ("created_at") where "payment_status" = 'pending'`,
    },
    // Every instance looks for cut-off refunds every two minutes: only the few under way are read.
    {
      name: 'gifts_refunding_started_at_index',
      expression: `create index "gifts_refunding_started_at_index" on "gifts" ("refund_started_at") where "payment_status" = 'refunding'`,
    },
  ],
  checks: [
    { name: 'gifts_payment_status_check', expression: oneOf('payment_status', PAYMENT_STATUSES) },
    // The split always adds up to the gift, whatever code wrote the row.
    {
      name: 'gifts_amounts_check',
      expression: `"amount" > 0 and "child_amount" >= 0 and "charity_amount" >= 0 and "child_amount" + "charity_amount" = "amount" and "platform_fee" >= 0 and "stripe_fee" >= 0`,
    },
    { name: 'gifts_currency_check', expression: oneOf('currency', CURRENCIES) },
    { name: 'gifts_provider_fee_check', expression: `"provider_fee" is null or "provider_fee" >= 0` },
  ],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    // Deleting a registry is allowed only when it has no gifts but failed or expired ones; those go with it.
    registryId: { kind: 'm:1', entity: primaryKeyOf(() => RegistryEntity), mapToPk: true, fieldName: 'registry_id', deleteRule: 'cascade' },
    giftGiverName: { type: 'string', length: 255 },
    giftGiverEmail: { type: 'string', length: 255 },
    // The giver's currency: a registry whose gifts were all refunded may change its own since.
    currency: { type: 'string', length: 3 },
    amount: money,
    childAmount: money,
    charityAmount: money,
    platformFee: money,
    // The column keeps its first, provider's name: renaming it would break the instances of the
    // previous release still serving during a rollout (docs/operations.md, releases and migrations).
    cardFee: { ...money, fieldName: 'stripe_fee' },
    // The fee the provider took, read from its balance transaction once the payment succeeded.
    providerFee: { ...money, nullable: true },
    charityId: {
      kind: 'm:1',
      entity: primaryKeyOf(() => CharityEntity),
      mapToPk: true,
      fieldName: 'charity_id',
      index: 'gifts_charity_id_index',
    },
    personalMessage: { type: 'text', nullable: true },
    // What the owner's list searches and sorts by, folded by core (core/model/gift-list.ts). Gifts
    // are written by SQL alone (INSERT_GIFT, the redaction and purge statements): each of them
    // writes these with the name, e-mail or message.
    giverKey: { type: 'text' },
    emailKey: { type: 'text' },
    messageKey: { type: 'text', nullable: true },
    paymentIntentId: {
      type: 'string',
      length: 255,
      nullable: true,
      fieldName: 'stripe_payment_intent_id',
      unique: 'gifts_stripe_payment_intent_id_unique',
    },
    paymentStatus: { type: 'string', length: 20, default: 'pending' },
    // When a refund was asked of the provider: a refund still unanswered long after was cut off, and the sweep finishes it.
    refundStartedAt: { type: 'datetime', nullable: true },
    // The platform bore the refund: the family's and the charity's payouts kept the gift's parts (docs/adr/0017-payouts-claimed-before-they-are-sent.md).
    refundedAtPlatformCost: { type: 'boolean', defaultRaw: 'false' },
    // The giver's consent, on the gift form, to the charity having their e-mail (its donor list).
    shareEmailWithCharity: { type: 'boolean', defaultRaw: 'false' },
    // Taking the guest off the list leaves the gift, unmatched.
    guestId: {
      kind: 'm:1',
      entity: primaryKeyOf(() => GuestEntity),
      mapToPk: true,
      fieldName: 'guest_id',
      deleteRule: 'set null',
      nullable: true,
      index: 'gifts_guest_id_index',
    },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
  },
});
