import { DomainError } from '@core/errors';
import type { CharityPayout } from '@core/model/charity-payout';
import type { CharityPayoutCompletion, CharityPayoutRepository, CharityShare } from '@core/ports/charity-payout-repository';

const newestFirst = (a: CharityPayout, b: CharityPayout) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1);

/** For tests only; keeps one pending payout per charity and currency, as the database's unique index does. */
export class InMemoryCharityPayoutRepository implements CharityPayoutRepository {
  rows = new Map<string, CharityPayout>();

  async addToPending(share: CharityShare): Promise<CharityPayout> {
    const now = new Date();
    const pending = [...this.rows.values()].find(
      (row) => row.status === 'pending' && row.charityId === share.charityId && row.currency === share.currency,
    );
    const row: CharityPayout = pending
      ? {
          ...pending,
          amount: pending.amount + share.amount,
          giftCount: pending.giftCount + share.giftCount,
          registryIds: [...pending.registryIds, share.registryId],
          updatedAt: now,
        }
      : {
          id: crypto.randomUUID(),
          charityId: share.charityId,
          amount: share.amount,
          currency: share.currency,
          registryIds: [share.registryId],
          giftCount: share.giftCount,
          paymentMethod: null,
          referenceNumber: null,
          notes: null,
          status: 'pending',
          completedAt: null,
          claimedBy: null,
          claimedByUserId: null,
          claimedAt: null,
          claims: 0,
          createdAt: now,
          updatedAt: now,
        };
    this.rows.set(row.id, row);
    return structuredClone(row);
  }

  async findById(id: string): Promise<CharityPayout | null> {
    const row = this.rows.get(id);
    return row ? structuredClone(row) : null;
  }

  findByIdForUpdate(id: string): Promise<CharityPayout | null> {
    return this.findById(id);
  }

  async markCompleted(id: string, completion: CharityPayoutCompletion): Promise<CharityPayout> {
    const row = this.rows.get(id);
    if (!row) throw new DomainError('payout.not_found', 'Charity payout not found');
    const updated: CharityPayout = { ...row, ...completion, status: 'completed', updatedAt: completion.completedAt };
    this.rows.set(id, updated);
    return structuredClone(updated);
  }

  async claim(id: string, claim: { claimedBy: string; claimedByUserId: string | null; claimedAt: Date }): Promise<CharityPayout> {
    const row = this.found(id);
    return this.put({ ...row, ...claim, status: 'sending', claims: row.claims + 1, updatedAt: claim.claimedAt });
  }

  async release(id: string): Promise<CharityPayout> {
    const row = this.found(id);
    const opened = [...this.rows.values()].find(
      (other) => other.id !== id && other.status === 'pending' && other.charityId === row.charityId && other.currency === row.currency,
    );
    if (opened) this.rows.delete(opened.id);
    return this.put({
      ...row,
      status: 'pending',
      claimedBy: null,
      claimedByUserId: null,
      claimedAt: null,
      amount: row.amount + (opened?.amount ?? 0),
      giftCount: row.giftCount + (opened?.giftCount ?? 0),
      registryIds: [...row.registryIds, ...(opened?.registryIds ?? [])],
      updatedAt: new Date(),
    });
  }

  async removeGift(id: string, amount: number): Promise<CharityPayout> {
    const row = this.found(id);
    return this.put({ ...row, amount: row.amount - amount, giftCount: row.giftCount - 1, updatedAt: new Date() });
  }

  private found(id: string): CharityPayout {
    const row = this.rows.get(id);
    if (!row) throw new DomainError('payout.not_found', 'Charity payout not found');
    return row;
  }

  private put(row: CharityPayout): CharityPayout {
    this.rows.set(row.id, row);
    return structuredClone(row);
  }

  async list(): Promise<CharityPayout[]> {
    return [...this.rows.values()].sort(newestFirst).map((row) => structuredClone(row));
  }

  async listUnsent(): Promise<CharityPayout[]> {
    return (await this.list()).filter((row) => row.status !== 'completed');
  }

  async listByRegistry(registryId: string): Promise<CharityPayout[]> {
    return (await this.list()).filter((row) => row.registryIds.includes(registryId));
  }
}
