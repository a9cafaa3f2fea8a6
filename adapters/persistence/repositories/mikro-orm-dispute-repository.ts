import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { DomainError } from '@core/errors';
import { FINAL_DISPUTE_STATUSES, WON_DISPUTE_STATUSES, type Dispute, type DisputeChanges, type NewDispute } from '@core/model/dispute';
import { isUuid } from '@core/ids';
import type { DisputeRepository } from '@core/ports/dispute-repository';
import { DisputeEntity, type DisputeRow } from '../entities/dispute-entity';
import type { EntityManagerSource } from './entity-manager-source';

function toDispute(row: DisputeRow): Dispute {
  return {
    id: row.id,
    providerDisputeId: row.providerDisputeId,
    giftId: row.giftId,
    registryId: row.registryId,
    paymentIntentId: row.paymentIntentId,
    currency: row.currency,
    amount: row.amount,
    reason: row.reason,
    status: row.status,
    evidenceDueBy: row.evidenceDueBy ?? null,
    phase: row.phase,
    heldAmount: row.heldAmount,
    withdrawnAmount: row.withdrawnAmount ?? null,
    withdrawnFee: row.withdrawnFee ?? null,
    reinstatedAmount: row.reinstatedAmount ?? null,
    evidenceSubmittedAt: row.evidenceSubmittedAt ?? null,
    evidenceText: row.evidenceText ?? null,
    transferReversalId: row.transferReversalId ?? null,
    reversedAmount: row.reversedAmount ?? null,
    followUp:
      row.followUpStatus && row.followUpMethod && row.followUpAmount
        ? {
            method: row.followUpMethod,
            amount: row.followUpAmount,
            status: row.followUpStatus,
            claim:
              row.followUpClaimedBy && row.followUpClaimedAt
                ? {
                    claimedBy: row.followUpClaimedBy,
                    claimedByUserId: row.followUpClaimedByUserId ?? null,
                    claimedAt: row.followUpClaimedAt,
                  }
                : null,
            claims: row.followUpClaims ?? 0,
            charityPayoutId: row.followUpCharityPayoutId ?? null,
            reference: row.followUpReference ?? null,
            failureMessage: row.followUpFailureMessage ?? null,
            sentAt: row.followUpSentAt ?? null,
            sentBy: row.followUpSentBy ?? null,
          }
        : null,
    createdAt: row.createdAt,
    closedAt: row.closedAt ?? null,
  };
}

/** The columns a change writes: the follow-up payout spread into its own (all null when removed). */
function toColumns(changes: DisputeChanges): Partial<DisputeRow> {
  const { followUp, ...rest } = changes;
  if (followUp === undefined) return rest;
  return {
    ...rest,
    followUpMethod: followUp?.method ?? null,
    followUpAmount: followUp?.amount ?? null,
    followUpStatus: followUp?.status ?? null,
    followUpReference: followUp?.reference ?? null,
    followUpFailureMessage: followUp?.failureMessage ?? null,
    followUpSentAt: followUp?.sentAt ?? null,
    followUpSentBy: followUp?.sentBy ?? null,
    followUpClaimedBy: followUp?.claim?.claimedBy ?? null,
    followUpClaimedByUserId: followUp?.claim?.claimedByUserId ?? null,
    followUpClaimedAt: followUp?.claim?.claimedAt ?? null,
    followUpClaims: followUp?.claims ?? 0,
    followUpCharityPayoutId: followUp?.charityPayoutId ?? null,
  };
}

export class MikroOrmDisputeRepository implements DisputeRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async create(dispute: NewDispute): Promise<Dispute> {
    const em = this.em();
    const row = em.create(DisputeEntity, toColumns(dispute) as DisputeRow);
    try {
      await em.persist(row).flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new DomainError('dispute.exists', 'This dispute is recorded already');
      throw error;
    }
    return toDispute(row);
  }

  async findById(id: string): Promise<Dispute | null> {
    if (!isUuid(id)) return null;
    const row = await this.em().findOne(DisputeEntity, { id });
    return row ? toDispute(row) : null;
  }

  async findByIdForUpdate(id: string): Promise<Dispute | null> {
    if (!isUuid(id)) return null;
    const row = await this.em().findOne(DisputeEntity, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    return row ? toDispute(row) : null;
  }

  async findByProviderIdForUpdate(providerDisputeId: string): Promise<Dispute | null> {
    const row = await this.em().findOne(DisputeEntity, { providerDisputeId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    return row ? toDispute(row) : null;
  }

  async findNotWonByGiftIdForUpdate(giftId: string): Promise<Dispute | null> {
    if (!isUuid(giftId)) return null;
    const rows = await this.em().find(
      DisputeEntity,
      { giftId, status: { $nin: [...WON_DISPUTE_STATUSES] } },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true, orderBy: { createdAt: 'desc', id: 'asc' }, limit: 1 },
    );
    return rows[0] ? toDispute(rows[0]) : null;
  }

  async update(id: string, changes: DisputeChanges): Promise<Dispute> {
    const em = this.em();
    const changed = isUuid(id) ? await em.nativeUpdate(DisputeEntity, { id }, toColumns(changes)) : 0;
    if (changed !== 1) throw new DomainError('dispute.not_found', 'Dispute not found');
    return toDispute(await em.findOneOrFail(DisputeEntity, { id }, { refresh: true }));
  }

  async list(): Promise<Dispute[]> {
    const rows = await this.em().find(DisputeEntity, {}, { orderBy: { createdAt: 'desc', id: 'asc' } });
    return rows.map(toDispute);
  }

  async hasUndecided(registryId: string): Promise<boolean> {
    if (!isUuid(registryId)) return false;
    return (await this.em().count(DisputeEntity, { registryId, status: { $nin: [...FINAL_DISPUTE_STATUSES] } })) > 0;
  }

  async listUndecidedGiftIds(registryId: string): Promise<Set<string>> {
    if (!isUuid(registryId)) return new Set();
    const rows = await this.em().find(DisputeEntity, { registryId, status: { $nin: [...FINAL_DISPUTE_STATUSES] } }, { fields: ['giftId'] });
    return new Set(rows.map((row) => row.giftId));
  }

  async listFollowUpsPending(): Promise<Dispute[]> {
    const rows = await this.em().find(
      DisputeEntity,
      { followUpStatus: { $in: ['pending', 'sending'] } },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return rows.map(toDispute);
  }

  async listFollowUpsOfRegistry(registryId: string): Promise<Dispute[]> {
    if (!isUuid(registryId)) return [];
    const rows = await this.em().find(
      DisputeEntity,
      { registryId, followUpStatus: { $ne: null } },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return rows.map(toDispute);
  }
}
