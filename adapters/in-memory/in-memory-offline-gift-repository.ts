import type { OfflineGift, OfflineGiftDetails } from '@core/model/offline-gift';
import { offlineGiftNotFound } from '@core/access/offline-gift-access';
import { byHandTotalOf, type ByHandTotal } from '@core/model/owner-totals';
import type { NewOfflineGift, OfflineGiftRepository } from '@core/ports/repositories';

export class InMemoryOfflineGiftRepository implements OfflineGiftRepository {
  rows = new Map<string, OfflineGift>();
  /** Set by the repositories: a gift's thank-you note goes with it, as the database's cascade does. */
  onDelete: (id: string) => void = () => undefined;

  async create(gift: NewOfflineGift): Promise<OfflineGift> {
    const now = new Date();
    const row: OfflineGift = { ...gift, id: crypto.randomUUID(), createdAt: now, updatedAt: now };
    this.rows.set(row.id, row);
    return { ...row };
  }

  async findById(id: string): Promise<OfflineGift | null> {
    const row = this.rows.get(id);
    return row ? { ...row } : null;
  }

  async update(id: string, details: OfflineGiftDetails): Promise<OfflineGift> {
    const row = this.rows.get(id);
    if (!row) throw offlineGiftNotFound();
    const updated = { ...row, ...details, updatedAt: new Date() };
    this.rows.set(id, updated);
    return { ...updated };
  }

  async delete(id: string): Promise<boolean> {
    if (!this.rows.delete(id)) return false;
    this.onDelete(id);
    return true;
  }

  async listByRegistry(registryId: string): Promise<OfflineGift[]> {
    return [...this.rows.values()]
      .filter((row) => row.registryId === registryId)
      .sort((a, b) => (a.receivedOn === b.receivedOn ? b.createdAt.getTime() - a.createdAt.getTime() : a.receivedOn < b.receivedOn ? 1 : -1))
      .map((row) => ({ ...row }));
  }

  async totalOf(registryId: string): Promise<ByHandTotal> {
    return byHandTotalOf(await this.listByRegistry(registryId));
  }

  deleteByRegistry(registryId: string): string[] {
    const ids = [...this.rows.values()].filter((row) => row.registryId === registryId).map((row) => row.id);
    for (const id of ids) this.rows.delete(id);
    return ids;
  }
}
