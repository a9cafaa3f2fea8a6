import { EntitySchema } from '@mikro-orm/core';
import { PAYOUT_METHODS, PAYOUT_STATUSES, REGISTRY_STATUSES, type Registry } from '@core/model/registry';
import { CURRENCIES } from '@core/money';
import { CELEBRATION_TYPES } from '@core/model/celebration-title';
import { HEBREW_CALENDARS } from '@core/model/hebrew-calendar';
import { primaryKeyOf } from './primary-key-of';
import { CharityEntity } from './charity-entity';
import { UserEntity } from './user-entity';
import { oneOf } from './one-of-check';
import { CentsType } from '../types/cents-type';

/** The registry, and when its guests' e-mails and messages were purged (the retention period; null until then). */
export type RegistryRow = Registry & { guestDataPurgedAt?: Date | null };

/** decimal(10,2) columns, cents in the row (adapters/persistence/types/cents-type.ts). */
const money = { type: new CentsType(), precision: 10, scale: 2 } as const;
const text255 = { type: 'string', length: 255, nullable: true } as const;

export const RegistryEntity = new EntitySchema<RegistryRow>({
  name: 'Registry',
  tableName: 'registries',
  indexes: [
    { name: 'registries_status_index', properties: ['status'] },
    // The retention job's look for paid-out registries whose guests' data is still kept.
    {
      name: 'registries_guest_data_due_index',
      expression: `create index "registries_guest_data_due_index" on "registries" (coalesce("payout_sent_at", "closed_at")) where "payout_status" = 'completed' and "guest_data_purged_at" is null`,
    },
    // Guest search reads registry_name_prefixes (registry-name-prefix-entity.ts), kept by triggers.
    // A co-owner's dashboard finds the registries whose co-owners hold their id.
    {
      name: 'registries_co_owner_ids_index',
      expression: 'create index "registries_co_owner_ids_index" on "registries" using gin ("co_owner_ids")',
    },
  ],
  checks: [
    { name: 'registries_currency_check', expression: oneOf('currency', CURRENCIES) },
    { name: 'registries_celebration_type_check', expression: oneOf('celebration_type', CELEBRATION_TYPES) },
    { name: 'registries_hebrew_calendar_check', expression: oneOf('hebrew_calendar', HEBREW_CALENDARS) },
    { name: 'registries_status_check', expression: oneOf('status', REGISTRY_STATUSES) },
    { name: 'registries_payout_method_check', expression: oneOf('payout_method', PAYOUT_METHODS, { nullable: true }) },
    { name: 'registries_payout_status_check', expression: oneOf('payout_status', PAYOUT_STATUSES) },
    { name: 'registries_total_received_check', expression: `"total_received" >= 0` },
    { name: 'registries_photo_focus_x_check', expression: `"photo_focus_x" >= 0 and "photo_focus_x" <= 100` },
    { name: 'registries_photo_focus_y_check', expression: `"photo_focus_y" >= 0 and "photo_focus_y" <= 100` },
  ],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    userId: { kind: 'm:1', entity: primaryKeyOf(() => UserEntity), mapToPk: true, fieldName: 'user_id', index: 'registries_user_id_index' },
    // An array rather than a table: every check of who may do what reads it with the registry, in
    // the same row, and adding or removing one is one conditional statement.
    coOwnerIds: { type: 'string[]', fieldName: 'co_owner_ids', defaultRaw: `'{}'` },
    shortCode: { type: 'string', length: 8, unique: 'registries_short_code_unique' },
    childName: { type: 'string', length: 255 },
    celebrationType: { type: 'string', length: 20, default: 'unspecified' },
    celebrationDate: { type: 'datetime' },
    hebrewCalendar: { type: 'string', length: 10, default: 'diaspora' },
    personalMessage: { type: 'text', nullable: true },
    photoUrl: { type: 'string', length: 1024, nullable: true },
    photoFocusX: { type: 'smallint', fieldName: 'photo_focus_x', default: 50 },
    photoFocusY: { type: 'smallint', fieldName: 'photo_focus_y', default: 50 },
    preferredCharityId: {
      kind: 'm:1',
      entity: primaryKeyOf(() => CharityEntity),
      mapToPk: true,
      fieldName: 'preferred_charity_id',
      nullable: true,
      deleteRule: 'set null',
    },
    allowCharityChoice: { type: 'boolean', default: true },
    unlisted: { type: 'boolean', default: false },
    isActive: { type: 'boolean', default: true },
    currency: { type: 'string', length: 3, default: 'USD' },
    status: { type: 'string', length: 20, default: 'open' },
    totalReceived: { ...money, default: 0 },
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
    transferFailureReason: text255,
    transferFailureMessage: { type: 'text', nullable: true },
    transferAttempts: { type: 'integer', default: 0 },
    payoutIssueEmailedAt: { type: 'datetime', nullable: true },
    // Who holds the payout while it is sent (docs/adr/0017-payouts-claimed-before-they-are-sent.md), and how many claims it had (each one's ledger entry is keyed by its number).
    payoutClaimedBy: text255,
    payoutClaimedByUserId: { type: 'uuid', nullable: true },
    payoutClaimedAt: { type: 'datetime', nullable: true },
    payoutClaims: { type: 'integer', defaultRaw: '0' },
    payoutReference: text255,
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
    updatedAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date(), onUpdate: () => new Date() },
    guestDataPurgedAt: { type: 'datetime', nullable: true },
  },
});
