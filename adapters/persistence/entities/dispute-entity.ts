import { EntitySchema } from '@mikro-orm/core';
import { DISPUTE_PHASES, FOLLOW_UP_STATUSES, PROVIDER_DISPUTE_STATUSES, type Dispute, type FollowUpStatus } from '@core/model/dispute';
import { PAYOUT_METHODS, type PayoutMethod } from '@core/model/registry';
import { CURRENCIES } from '@core/money';
import { primaryKeyOf } from './primary-key-of';
import { GiftEntity } from './gift-entity';
import { RegistryEntity } from './registry-entity';
import { oneOf } from './one-of-check';
import { CentsType } from '../types/cents-type';

/** The follow-up payout (core/model/dispute.ts) in columns of its own, all null when there is none. */
export type DisputeRow = Omit<Dispute, 'followUp'> & {
  followUpMethod?: PayoutMethod | null;
  followUpAmount?: number | null;
  followUpStatus?: FollowUpStatus | null;
  followUpReference?: string | null;
  followUpFailureMessage?: string | null;
  followUpSentAt?: Date | null;
  followUpSentBy?: string | null;
  followUpClaimedBy?: string | null;
  followUpClaimedByUserId?: string | null;
  followUpClaimedAt?: Date | null;
  followUpClaims?: number;
  followUpCharityPayoutId?: string | null;
};

/** decimal(10,2) columns, cents in the row (adapters/persistence/types/cents-type.ts). */
const money = { type: new CentsType(), precision: 10, scale: 2 } as const;

/**
 * Disputes of gifts' charges, one row per provider dispute (the provider's id is unique, so two
 * reports of a new dispute racing record it once). What the ledger's dispute entries moved is
 * re-derived from these columns by `ledger verify`.
 */
export const DisputeEntity = new EntitySchema<DisputeRow>({
  name: 'Dispute',
  tableName: 'disputes',
  indexes: [
    { name: 'disputes_registry_id_index', properties: ['registryId'] },
    { name: 'disputes_created_at_index', properties: ['createdAt'] },
  ],
  checks: [
    { name: 'disputes_status_check', expression: oneOf('status', PROVIDER_DISPUTE_STATUSES) },
    { name: 'disputes_phase_check', expression: oneOf('phase', DISPUTE_PHASES) },
    { name: 'disputes_currency_check', expression: oneOf('currency', CURRENCIES) },
    { name: 'disputes_follow_up_method_check', expression: oneOf('follow_up_method', PAYOUT_METHODS, { nullable: true }) },
    { name: 'disputes_follow_up_status_check', expression: oneOf('follow_up_status', FOLLOW_UP_STATUSES, { nullable: true }) },
    {
      name: 'disputes_follow_up_check',
      expression: `("follow_up_status" is null) = ("follow_up_amount" is null) and ("follow_up_status" is null) = ("follow_up_method" is null) and ("follow_up_amount" is null or "follow_up_amount" > 0)`,
    },
    {
      name: 'disputes_amounts_check',
      expression: `"amount" > 0 and "held_amount" >= 0 and ("withdrawn_amount" is null or "withdrawn_amount" >= 0) and ("withdrawn_fee" is null or "withdrawn_fee" >= 0) and ("reinstated_amount" is null or "reinstated_amount" >= 0) and ("reversed_amount" is null or "reversed_amount" > 0)`,
    },
  ],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    providerDisputeId: { type: 'string', length: 255, unique: 'disputes_provider_dispute_id_unique' },
    giftId: { kind: 'm:1', entity: primaryKeyOf(() => GiftEntity), mapToPk: true, fieldName: 'gift_id', index: 'disputes_gift_id_index' },
    registryId: { kind: 'm:1', entity: primaryKeyOf(() => RegistryEntity), mapToPk: true, fieldName: 'registry_id' },
    paymentIntentId: { type: 'string', length: 255 },
    currency: { type: 'string', length: 3 },
    amount: money,
    reason: { type: 'string', length: 100 },
    status: { type: 'string', length: 30 },
    evidenceDueBy: { type: 'datetime', nullable: true },
    phase: { type: 'string', length: 10 },
    heldAmount: money,
    withdrawnAmount: { ...money, nullable: true },
    withdrawnFee: { ...money, nullable: true },
    reinstatedAmount: { ...money, nullable: true },
    evidenceSubmittedAt: { type: 'datetime', nullable: true },
    evidenceText: { type: 'text', nullable: true },
    transferReversalId: { type: 'string', length: 255, nullable: true },
    reversedAmount: { ...money, nullable: true },
    followUpMethod: { type: 'string', length: 10, nullable: true },
    followUpAmount: { ...money, nullable: true },
    followUpStatus: { type: 'string', length: 10, nullable: true },
    followUpReference: { type: 'string', length: 255, nullable: true },
    followUpFailureMessage: { type: 'text', nullable: true },
    followUpSentAt: { type: 'datetime', nullable: true },
    followUpSentBy: { type: 'string', length: 255, nullable: true },
    // The claim on a PayPal or check follow-up, as on a registry's manual payout (registry-entity.ts).
    followUpClaimedBy: { type: 'string', length: 255, nullable: true },
    followUpClaimedByUserId: { type: 'uuid', nullable: true },
    followUpClaimedAt: { type: 'datetime', nullable: true },
    followUpClaims: { type: 'integer', default: 0 },
    // No foreign key: a charity payout folded into another when its claim is released is deleted,
    // and the follow-ups pointing at it are pointed at the one it joined (core/payout/charity-payouts.ts).
    followUpCharityPayoutId: { type: 'uuid', nullable: true },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
    closedAt: { type: 'datetime', nullable: true },
  },
});
