import type { Guest, GuestDetails } from '@core/model/guest';
import { guestNotFound } from '@core/access/guest-access';
import { byGuestName } from '@core/guest/guest-order';
import type { GuestRepository, NewGuest } from '@core/ports/repositories';

export class InMemoryGuestRepository implements GuestRepository {
  rows = new Map<string, Guest>();

  async createMany(guests: readonly NewGuest[]): Promise<Guest[]> {
    // As the database's unique index: one line per registry and address, and none of them if one clashes.
    const taken = new Set([...this.rows.values()].map((row) => `${row.registryId} ${row.email}`));
    for (const guest of guests) {
      const key = `${guest.registryId} ${guest.email}`;
      if (taken.has(key)) throw new Error(`duplicate key value violates unique constraint "guests_registry_id_email_unique"`);
      taken.add(key);
    }
    const now = new Date();
    const rows = guests.map((guest): Guest => ({ ...guest, id: crypto.randomUUID(), createdAt: now, updatedAt: now }));
    for (const row of rows) this.rows.set(row.id, row);
    return rows.map((row) => ({ ...row }));
  }

  async update(id: string, details: GuestDetails): Promise<Guest> {
    const row = this.rows.get(id);
    if (!row) throw guestNotFound();
    const updated = { ...row, ...details, updatedAt: new Date() };
    this.rows.set(id, updated);
    return { ...updated };
  }

  async findById(id: string): Promise<Guest | null> {
    const row = this.rows.get(id);
    return row ? { ...row } : null;
  }

  async listByRegistry(registryId: string): Promise<Guest[]> {
    return [...this.rows.values()]
      .filter((row) => row.registryId === registryId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .sort(byGuestName)
      .map((row) => ({ ...row }));
  }

  async delete(id: string): Promise<boolean> {
    return this.rows.delete(id);
  }

  deleteByRegistry(registryId: string): void {
    for (const [id, row] of this.rows) if (row.registryId === registryId) this.rows.delete(id);
  }
}
