import type { OfflineGift, OfflineGiftDetails } from '@core/model/offline-gift';
import { offlineGiftNotFound } from '@core/access/offline-gift-access';
import { byHandTotalOf, type ByHandTotal } from '@core/model/owner-totals';
import type { NewOfflineGift, OfflineGiftRepository } from '@core/ports/offline-gift-repository';
import type { MatchableOfflineGift } from '@core/model/guest-gift';

/** A row as the table keeps it, the guest the family matched it to beside it; the port's answers leave that out. */
function withoutGuest({ guestId: _, ...gift }: MatchableOfflineGift): OfflineGift {
  return gift;
}

export class InMemoryOfflineGiftRepository implements OfflineGiftRepository {
  rows = new Map<string, MatchableOfflineGift>();
  /** Set by the repositories: a gift's thank-you note goes with it, as the database's cascade does. */
  onDelete: (id: string) => void = () => undefined;

  async create(gift: NewOfflineGift): Promise<OfflineGift> {
    const now = new Date();
    const row: MatchableOfflineGift = { ...gift, id: crypto.randomUUID(), guestId: null, createdAt: now, updatedAt: now };
    this.rows.set(row.id, row);
    return withoutGuest(row);
  }

  async findById(id: string): Promise<OfflineGift | null> {
    const row = this.rows.get(id);
    return row ? withoutGuest(row) : null;
  }

  async update(id: string, details: OfflineGiftDetails): Promise<OfflineGift> {
    const row = this.rows.get(id);
    if (!row) throw offlineGiftNotFound();
    const updated = { ...row, ...details, updatedAt: new Date() };
    this.rows.set(id, updated);
    return withoutGuest(updated);
  }

  async delete(id: string): Promise<boolean> {
    if (!this.rows.delete(id)) return false;
    this.onDelete(id);
    return true;
  }

  async listByRegistry(registryId: string): Promise<OfflineGift[]> {
    return [...this.rows.values()]
      .filter((row) => row.registryId === registryId)
      .sort((a, b) =>
        a.receivedOn === b.receivedOn ? b.createdAt.getTime() - a.createdAt.getTime() : a.receivedOn < b.receivedOn ? 1 : -1,
      )
      .map(withoutGuest);
  }

  async totalOf(registryId: string): Promise<ByHandTotal> {
    return byHandTotalOf(await this.listByRegistry(registryId));
  }

  async matchGuest(id: string, guestId: string | null): Promise<void> {
    const row = this.rows.get(id);
    if (!row) throw offlineGiftNotFound();
    this.rows.set(id, { ...row, guestId, updatedAt: new Date() });
  }

  /** As the database's foreign key does when a guest is taken off the list: their gifts stay, unmatched. */
  forgetGuests(guestIds: readonly string[]): void {
    for (const [id, row] of this.rows)
      if (row.guestId !== null && guestIds.includes(row.guestId)) this.rows.set(id, { ...row, guestId: null });
  }

  deleteByRegistry(registryId: string): string[] {
    const ids = [...this.rows.values()].filter((row) => row.registryId === registryId).map((row) => row.id);
    for (const id of ids) this.rows.delete(id);
    return ids;
  }
}
