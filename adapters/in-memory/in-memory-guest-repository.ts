import type { Guest, GuestDetails } from '@core/model/guest';
import { guestNotFound } from '@core/access/guest-access';
import { byGuestName } from '@core/guest/guest-order';
import type { GuestGift, MatchableGift, MatchableOfflineGift } from '@core/model/guest-gift';
import type { GuestRsvp } from '@core/model/guest-rsvp';
import { giftsOfGuests } from '@core/guest/guest-gifts';
import type { GuestRepository, NewGuest } from '@core/ports/guest-repository';
import type { ThankYouNote } from '@core/model/thank-you-note';
import { stoppingSuppression, suppressionKey, type Suppression } from '@core/model/suppression';

/** What the guest list reads of the other tables to know who gave (set by the repositories). */
export interface GuestGiftSources {
  gifts: () => MatchableGift[];
  offlineGifts: () => MatchableOfflineGift[];
  notes: () => ThankYouNote[];
  /** A guest taken off the list leaves their gifts given by hand unmatched. */
  onDelete: (guestIds: string[]) => void;
  /** The suppression list: an unsubscribed guest gets no reminder. */
  suppressions: () => Suppression[];
}

export class InMemoryGuestRepository implements GuestRepository {
  rows = new Map<string, Guest>();
  /** Each guest's personal link's digest, kept beside the line as the database keeps it in a column core never reads. */
  linkDigests = new Map<string, string>();
  sources: GuestGiftSources = {
    gifts: () => [],
    offlineGifts: () => [],
    notes: () => [],
    onDelete: () => undefined,
    suppressions: () => [],
  };

  async createMany(guests: readonly NewGuest[]): Promise<Guest[]> {
    // As the database's unique index: one line per registry and address, and none of them if one clashes.
    const taken = new Set([...this.rows.values()].map((row) => `${row.registryId} ${row.email}`));
    for (const guest of guests) {
      const key = `${guest.registryId} ${guest.email}`;
      if (taken.has(key)) throw new Error(`duplicate key value violates unique constraint "guests_registry_id_email_unique"`);
      taken.add(key);
    }
    const now = new Date();
    const rows = guests.map(
      (guest): Guest => ({
        ...guest,
        rsvp: null,
        hasPersonalLink: false,
        invitedAt: null,
        remindedAt: null,
        id: crypto.randomUUID(),
        createdAt: now,
        updatedAt: now,
      }),
    );
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
    if (!this.rows.delete(id)) return false;
    this.linkDigests.delete(id);
    this.sources.onDelete([id]);
    return true;
  }

  async giftsOfGuests(registryId: string): Promise<GuestGift[]> {
    const { sources } = this;
    const ofRegistry = <T extends { registryId: string }>(rows: T[]) => rows.filter((row) => row.registryId === registryId);
    return giftsOfGuests(
      await this.listByRegistry(registryId),
      ofRegistry(sources.gifts()),
      ofRegistry(sources.offlineGifts()),
      sources.notes(),
    );
  }

  async markInvited(guestIds: readonly string[], at: Date): Promise<void> {
    for (const id of guestIds) {
      const row = this.rows.get(id);
      if (row) this.rows.set(id, { ...row, invitedAt: at });
    }
  }

  async claimReminders(registryId: string, invitedBefore: Date, at: Date, limit: number): Promise<Guest[]> {
    const gave = new Set((await this.giftsOfGuests(registryId)).map((gift) => gift.guestId));
    const stopped = (email: string) =>
      stoppingSuppression(
        this.sources.suppressions().filter((row) => row.address === suppressionKey(email)),
        'guest-invitations',
      ) !== null;
    const due = [...this.rows.values()]
      .filter(
        (row) =>
          row.registryId === registryId &&
          row.invitedAt !== null &&
          row.invitedAt < invitedBefore &&
          row.remindedAt === null &&
          row.rsvp === null,
      )
      .filter((row) => !gave.has(row.id) && !stopped(row.email))
      .sort((a, b) => a.id.localeCompare(b.id))
      .slice(0, limit);
    for (const row of due) this.rows.set(row.id, { ...row, remindedAt: at });
    return due.map((row) => ({ ...row, remindedAt: at })).sort(byGuestName);
  }

  deleteByRegistry(registryId: string): void {
    const ids = [...this.rows.values()].filter((row) => row.registryId === registryId).map((row) => row.id);
    for (const id of ids) {
      this.rows.delete(id);
      this.linkDigests.delete(id);
    }
    this.sources.onDelete(ids);
  }

  async replaceLinkDigest(id: string, tokenHash: string): Promise<boolean> {
    if (!this.rows.has(id)) return false;
    // As the unique column: a digest belongs to one guest.
    for (const [other, digest] of this.linkDigests)
      if (digest === tokenHash && other !== id)
        throw new Error('duplicate key value violates unique constraint "guests_token_hash_unique"');
    this.linkDigests.set(id, tokenHash);
    this.rows.set(id, { ...this.rows.get(id)!, hasPersonalLink: true });
    return true;
  }

  async findByLinkDigest(tokenHash: string): Promise<Guest | null> {
    for (const [id, digest] of this.linkDigests) if (digest === tokenHash) return this.findById(id);
    return null;
  }

  async recordRsvp(id: string, rsvp: GuestRsvp): Promise<Guest> {
    const row = this.rows.get(id);
    if (!row) throw guestNotFound();
    const updated = { ...row, rsvp: { ...rsvp } };
    this.rows.set(id, updated);
    return { ...updated };
  }
}
