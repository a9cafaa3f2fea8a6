import { DomainError } from '@core/errors';
import { isFinalDisputeStatus, WON_DISPUTE_STATUSES, type Dispute, type DisputeChanges, type NewDispute } from '@core/model/dispute';
import type { DisputeRepository } from '@core/ports/dispute-repository';

/** For tests only; one row per provider dispute, as the database's unique key keeps it. */
export class InMemoryDisputeRepository implements DisputeRepository {
  rows = new Map<string, Dispute>();

  async create(dispute: NewDispute): Promise<Dispute> {
    if ([...this.rows.values()].some((row) => row.providerDisputeId === dispute.providerDisputeId)) {
      throw new DomainError('dispute.exists', 'This dispute is recorded already');
    }
    const row: Dispute = { ...dispute, id: crypto.randomUUID() };
    this.rows.set(row.id, row);
    return structuredClone(row);
  }

  async findById(id: string): Promise<Dispute | null> {
    const row = this.rows.get(id);
    return row ? structuredClone(row) : null;
  }

  findByIdForUpdate(id: string): Promise<Dispute | null> {
    return this.findById(id);
  }

  async findByProviderIdForUpdate(providerDisputeId: string): Promise<Dispute | null> {
    const row = [...this.rows.values()].find((each) => each.providerDisputeId === providerDisputeId);
    return row ? structuredClone(row) : null;
  }

  async findNotWonByGiftIdForUpdate(giftId: string): Promise<Dispute | null> {
    // The newest, as the database's answer orders them.
    const row = [...this.rows.values()]
      .filter((each) => each.giftId === giftId && !WON_DISPUTE_STATUSES.includes(each.status))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    return row ? structuredClone(row) : null;
  }

  async update(id: string, changes: DisputeChanges): Promise<Dispute> {
    const row = this.rows.get(id);
    if (!row) throw new DomainError('dispute.not_found', 'Dispute not found');
    const updated = { ...row, ...changes };
    this.rows.set(id, updated);
    return structuredClone(updated);
  }

  async list(): Promise<Dispute[]> {
    return [...this.rows.values()]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((row) => structuredClone(row));
  }

  async hasUndecided(registryId: string): Promise<boolean> {
    return [...this.rows.values()].some((row) => row.registryId === registryId && !isFinalDisputeStatus(row.status));
  }

  async listUndecidedGiftIds(registryId: string): Promise<Set<string>> {
    return new Set(
      [...this.rows.values()].filter((row) => row.registryId === registryId && !isFinalDisputeStatus(row.status)).map((row) => row.giftId),
    );
  }

  async listFollowUpsPending(): Promise<Dispute[]> {
    return [...this.rows.values()]
      .filter((row) => row.followUp?.status === 'pending' || row.followUp?.status === 'sending')
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((row) => structuredClone(row));
  }

  async listFollowUpsOfRegistry(registryId: string): Promise<Dispute[]> {
    return [...this.rows.values()]
      .filter((row) => row.registryId === registryId && row.followUp !== null)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((row) => structuredClone(row));
  }
}
