import { isUuid } from '@core/ids';
import type { Guest, GuestDetails } from '@core/model/guest';
import { guestNotFound } from '@core/access/guest-access';
import { byGuestName } from '@core/guest/guest-order';
import type { GuestGift } from '@core/model/guest-gift';
import type { GuestRsvp } from '@core/model/guest-rsvp';
import type { GuestRepository, NewGuest } from '@core/ports/guest-repository';
import { GuestEntity, type GuestRow } from '../entities/guest-entity';
import type { EntityManagerSource } from './entity-manager-source';
import { giftsOfGuestsQuery } from './guest-gifts-query';
import { CLAIM_REMINDERS } from './reminder-claim-query';

function toGuest(row: GuestRow): Guest {
  return {
    id: row.id,
    registryId: row.registryId,
    name: row.name,
    email: row.email,
    partySize: row.partySize,
    street: row.street ?? null,
    city: row.city ?? null,
    region: row.region ?? null,
    postalCode: row.postalCode ?? null,
    country: row.country ?? null,
    hasPersonalLink: row.tokenHash != null,
    rsvp: row.rsvpAnswer && row.rsvpAt ? { answer: row.rsvpAnswer, partySize: row.rsvpPartySize ?? 0, answeredAt: row.rsvpAt } : null,
    invitedAt: row.invitedAt ?? null,
    remindedAt: row.remindedAt ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export class MikroOrmGuestRepository implements GuestRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async createMany(guests: readonly NewGuest[]): Promise<Guest[]> {
    if (guests.length === 0) return [];
    const em = this.em();
    const now = new Date();
    const rows = guests.map((guest) =>
      em.create(GuestEntity, { ...guest, invitedAt: null, remindedAt: null, createdAt: now, updatedAt: now } as GuestRow),
    );
    await em.persist(rows).flush();
    return rows.map(toGuest);
  }

  async update(id: string, details: GuestDetails): Promise<Guest> {
    const em = this.em();
    const row = isUuid(id) ? await em.findOne(GuestEntity, { id }) : null;
    if (!row) throw guestNotFound();
    em.assign(row, { ...details, updatedAt: new Date() });
    await em.flush();
    return toGuest(row);
  }

  async findById(id: string): Promise<Guest | null> {
    if (!isUuid(id)) return null;
    const row = await this.em().findOne(GuestEntity, { id });
    return row ? toGuest(row) : null;
  }

  async listByRegistry(registryId: string): Promise<Guest[]> {
    if (!isUuid(registryId)) return [];
    const rows = await this.em().find(GuestEntity, { registryId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return rows.map(toGuest).sort(byGuestName);
  }

  async delete(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    return (await this.em().nativeDelete(GuestEntity, { id })) > 0;
  }

  async giftsOfGuests(registryId: string): Promise<GuestGift[]> {
    if (!isUuid(registryId)) return [];
    return giftsOfGuestsQuery(this.em(), registryId);
  }

  async replaceLinkDigest(id: string, tokenHash: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    return (await this.em().nativeUpdate(GuestEntity, { id }, { tokenHash })) > 0;
  }

  async findByLinkDigest(tokenHash: string): Promise<Guest | null> {
    const row = await this.em().findOne(GuestEntity, { tokenHash });
    return row ? toGuest(row) : null;
  }

  async recordRsvp(id: string, rsvp: GuestRsvp): Promise<Guest> {
    const em = this.em();
    const row = isUuid(id) ? await em.findOne(GuestEntity, { id }) : null;
    if (!row) throw guestNotFound();
    em.assign(row, { rsvpAnswer: rsvp.answer, rsvpPartySize: rsvp.partySize, rsvpAt: rsvp.answeredAt });
    await em.flush();
    return toGuest(row);
  }
  async markInvited(guestIds: readonly string[], at: Date): Promise<void> {
    const ids = guestIds.filter(isUuid);
    if (ids.length === 0) return;
    await this.em().nativeUpdate(GuestEntity, { id: { $in: ids } }, { invitedAt: at });
  }

  async claimReminders(registryId: string, invitedBefore: Date, at: Date, limit: number): Promise<Guest[]> {
    if (!isUuid(registryId)) return [];
    const em = this.em();
    const rows = await em.execute<Record<string, unknown>[]>(CLAIM_REMINDERS, [at, registryId, invitedBefore, limit]);
    // The statement answers the table's columns: mapped to the entity's properties as any query's rows are.
    return rows.map((row) => toGuest(em.map(GuestEntity, row) as GuestRow)).sort(byGuestName);
  }
}
