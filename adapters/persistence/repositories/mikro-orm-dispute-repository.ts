import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { DomainError } from '@core/errors';
import { FINAL_DISPUTE_STATUSES, type Dispute, type DisputeChanges, type NewDispute } from '@core/dispute/dispute';
import { isUuid } from '@core/ids';
import { centsToDecimalString, parseCents, type Cents } from '@core/money';
import type { DisputeRepository } from '@core/ports/repositories';
import { DisputeEntity, type DisputeRow } from '../entities/dispute-entity';
import type { EntityManagerSource } from './entity-manager-source';

const cents = (value: string | null | undefined): Cents | null => (value === null || value === undefined ? null : parseCents(value));
const decimal = (value: Cents | null): string | null => (value === null ? null : centsToDecimalString(value));

function toDispute(row: DisputeRow): Dispute {
  return {
    id: row.id,
    providerDisputeId: row.providerDisputeId,
    giftId: row.giftId,
    registryId: row.registryId,
    paymentIntentId: row.paymentIntentId,
    currency: row.currency,
    amount: parseCents(row.amount),
    reason: row.reason,
    status: row.status,
    evidenceDueBy: row.evidenceDueBy ?? null,
    phase: row.phase,
    heldAmount: parseCents(row.heldAmount),
    withdrawnAmount: cents(row.withdrawnAmount),
    withdrawnFee: cents(row.withdrawnFee),
    reinstatedAmount: cents(row.reinstatedAmount),
    evidenceSubmittedAt: row.evidenceSubmittedAt ?? null,
    evidenceText: row.evidenceText ?? null,
    transferReversalId: row.transferReversalId ?? null,
    reversedAmount: cents(row.reversedAmount),
    createdAt: row.createdAt,
    closedAt: row.closedAt ?? null,
  };
}

/** The money fields of a change as the decimal columns take them; the rest as they are. */
function toColumns(changes: DisputeChanges): Partial<DisputeRow> {
  const columns: Partial<DisputeRow> = {};
  for (const [key, value] of Object.entries(changes) as [keyof DisputeChanges, unknown][]) {
    if (key === 'withdrawnAmount' || key === 'withdrawnFee' || key === 'reinstatedAmount' || key === 'reversedAmount') {
      columns[key] = decimal(value as Cents | null);
    } else {
      (columns as Record<string, unknown>)[key] = value;
    }
  }
  return columns;
}

export class MikroOrmDisputeRepository implements DisputeRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async create(dispute: NewDispute): Promise<Dispute> {
    const em = this.em();
    const row = em.create(DisputeEntity, {
      ...dispute,
      amount: centsToDecimalString(dispute.amount),
      heldAmount: centsToDecimalString(dispute.heldAmount),
      withdrawnAmount: decimal(dispute.withdrawnAmount),
      withdrawnFee: decimal(dispute.withdrawnFee),
      reinstatedAmount: decimal(dispute.reinstatedAmount),
      reversedAmount: decimal(dispute.reversedAmount),
    } as DisputeRow);
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
}
