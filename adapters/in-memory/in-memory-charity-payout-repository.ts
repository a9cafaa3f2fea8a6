import { DomainError } from '@core/errors';
import type { CharityPayout } from '@core/payout/charity-payout';
import type { CharityPayoutCompletion, CharityPayoutRepository, CharityShare } from '@core/ports/repositories';

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

  async list(): Promise<CharityPayout[]> {
    return [...this.rows.values()].sort(newestFirst).map((row) => structuredClone(row));
  }

  async listPending(): Promise<CharityPayout[]> {
    return (await this.list()).filter((row) => row.status === 'pending');
  }
}
