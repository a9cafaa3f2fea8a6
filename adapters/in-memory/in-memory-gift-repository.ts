import type { Gift } from '../../core/gift/gift';
import type { GiftRepository, NewGift } from '../../core/ports/repositories';

export class InMemoryGiftRepository implements GiftRepository {
  rows = new Map<string, Gift>();

  async create(gift: NewGift): Promise<Gift> {
    const row: Gift = { ...gift, id: crypto.randomUUID(), createdAt: new Date() };
    this.rows.set(row.id, row);
    return { ...row };
  }

  async listByRegistry(registryId: string): Promise<Gift[]> {
    return [...this.rows.values()]
      .filter((row) => row.registryId === registryId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((row) => ({ ...row }));
  }

  async countSucceeded(registryIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const row of this.rows.values()) {
      if (row.paymentStatus === 'succeeded' && registryIds.includes(row.registryId)) {
        counts.set(row.registryId, (counts.get(row.registryId) ?? 0) + 1);
      }
    }
    return counts;
  }

  async hasGiftsOtherThanFailed(registryId: string): Promise<boolean> {
    return [...this.rows.values()].some((row) => row.registryId === registryId && row.paymentStatus !== 'failed');
  }

  deleteByRegistry(registryId: string): void {
    for (const [id, row] of this.rows) if (row.registryId === registryId) this.rows.delete(id);
  }
}
