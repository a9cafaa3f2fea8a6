import { describe, expect, it } from 'vitest';
import type { NewGuest } from '@core/ports/guest-repository';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import { splitGift } from '@core/split';
import { aCharity, aNewGift, aNewRegistry, aNewUser } from '../support/builders';
import { codeOf } from '../support/code-of';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

function aNewGuest(registryId: string, overrides: Partial<NewGuest> = {}): NewGuest {
  return {
    registryId,
    name: 'Aunt Dora',
    email: 'dora@example.com',
    partySize: 2,
    street: null,
    city: null,
    region: null,
    postalCode: null,
    country: null,
    ...overrides,
  };
}

/** The guest list part of the repository contract; repositoryContract runs it against the fakes, PGlite and PostgreSQL. */
export function guestRepositoryContract(current: () => Repositories & UnitOfWork): void {
  async function aRegistry() {
    const { users, registries } = current();
    const owner = await users.create(aNewUser());
    return registries.create(aNewRegistry(owner.id));
  }

  describe('guests', () => {
    it('adds guests, finds, updates and removes one, and lists a registry’s guests by name', async () => {
      const { guests } = current();
      const registry = await aRegistry();
      const other = await aRegistry();
      const [dora, ben] = await guests.createMany([
        aNewGuest(registry.id, { street: '12 Elm St', city: 'Toronto', region: 'ON', postalCode: 'M5V 2T6', country: 'Canada' }),
        aNewGuest(registry.id, { name: 'ben Cohen', email: 'ben@example.com', partySize: 4 }),
      ]);
      await guests.createMany([aNewGuest(other.id)]);
      expect(dora).toMatchObject({
        registryId: registry.id,
        name: 'Aunt Dora',
        email: 'dora@example.com',
        partySize: 2,
        street: '12 Elm St',
        postalCode: 'M5V 2T6',
        country: 'Canada',
      });
      expect(await guests.findById(dora!.id)).toEqual(dora);
      expect((await guests.listByRegistry(registry.id)).map((guest) => guest.name)).toEqual(['Aunt Dora', 'ben Cohen']);

      const updated = await guests.update(ben!.id, {
        ...aNewGuest(registry.id, { name: 'Abe Cohen', email: 'ben@example.com', partySize: 3 }),
      });
      expect(updated).toMatchObject({ id: ben!.id, name: 'Abe Cohen', partySize: 3 });
      expect((await guests.listByRegistry(registry.id)).map((guest) => guest.name)).toEqual(['Abe Cohen', 'Aunt Dora']);

      expect(await guests.delete(dora!.id)).toBe(true);
      expect(await guests.delete(dora!.id)).toBe(false);
      expect(await guests.findById(dora!.id)).toBeNull();
      expect((await guests.listByRegistry(other.id)).map((guest) => guest.email)).toEqual(['dora@example.com']);
    });

    it('answers nothing for unknown ids and refuses to update one', async () => {
      const { guests } = current();
      expect(await guests.findById(UNKNOWN_ID)).toBeNull();
      expect(await guests.findById('not-a-uuid')).toBeNull();
      expect(await guests.listByRegistry('not-a-uuid')).toEqual([]);
      expect(await guests.delete('not-a-uuid')).toBe(false);
      expect(await guests.createMany([])).toEqual([]);
      expect(await codeOf(guests.update(UNKNOWN_ID, aNewGuest(UNKNOWN_ID)))).toBe('guest.not_found');
    });

    it('holds one guest per registry and e-mail address, and keeps none of a batch with a clash', async () => {
      const registry = await aRegistry();
      await current().guests.createMany([aNewGuest(registry.id)]);
      await expect(
        current().transaction((tx) => tx.guests.createMany([aNewGuest(registry.id, { email: 'new@example.com' }), aNewGuest(registry.id)])),
      ).rejects.toThrow();
      expect((await current().guests.listByRegistry(registry.id)).map((guest) => guest.email)).toEqual(['dora@example.com']);
    });

    it('answers which gifts are whose: paid online from the guest’s address (case aside), or given by hand and matched, each once, with its card', async () => {
      const { guests, gifts, offlineGifts, charities, thankYouNotes } = current();
      const registry = await aRegistry();
      const other = await aRegistry();
      const charity = await charities.create(aCharity());
      const [dora, ben] = await guests.createMany([
        aNewGuest(registry.id),
        aNewGuest(registry.id, { name: 'Ben', email: 'ben@example.com' }),
      ]);
      await guests.createMany([aNewGuest(other.id)]);
      const online = (email: string, overrides: Parameters<typeof aNewGift>[2] = {}, registryId = registry.id) =>
        gifts.create(aNewGift(registryId, charity.id, { giftGiverEmail: email, amount: 3_600, ...splitGift(3_600), ...overrides }));
      const paid = await online('Dora@Example.com');
      await online('dora@example.com', { paymentStatus: 'refunded' });
      await online('dora@example.com', { paymentStatus: 'failed' });
      await online('dora@example.com', { paymentStatus: 'pending' });
      await online('dora@example.com', {}, other.id);
      const byHand = await offlineGifts.create({
        registryId: registry.id,
        giftGiverName: 'Ben',
        giftGiverEmail: null,
        amount: 5_000,
        method: 'cash',
        receivedOn: '2026-05-03',
        note: null,
      });
      await offlineGifts.create({
        registryId: registry.id,
        giftGiverName: 'Nobody',
        giftGiverEmail: null,
        amount: 1_000,
        method: 'cash',
        receivedOn: '2026-05-03',
        note: null,
      });
      await offlineGifts.matchGuest(byHand.id, ben!.id);
      const note = await thankYouNotes.save(
        { id: paid.id, byHand: false },
        { templateId: 'warm', customMessage: 'Thank you!', imageUrls: [], imageSize: 'medium' },
      );
      await thankYouNotes.markSent(note.id, new Date());

      // Oldest first: the gift by hand counts as given at noon UTC on its day.
      expect(await guests.giftsOfGuests(registry.id)).toEqual([
        {
          guestId: ben!.id,
          giftId: byHand.id,
          byHand: true,
          amount: 5_000,
          givenAt: new Date('2026-05-03T12:00:00.000Z'),
          matchedBy: 'hand',
          thankYouStatus: 'none',
        },
        {
          guestId: dora!.id,
          giftId: paid.id,
          byHand: false,
          amount: 3_600,
          givenAt: paid.createdAt,
          matchedBy: 'email',
          thankYouStatus: 'sent',
        },
      ]);
      await offlineGifts.matchGuest(byHand.id, null);
      expect((await guests.giftsOfGuests(registry.id)).map((gift) => gift.giftId)).toEqual([paid.id]);
      await offlineGifts.matchGuest(byHand.id, ben!.id);
      await guests.delete(ben!.id);
      expect((await guests.giftsOfGuests(registry.id)).map((gift) => gift.giftId)).toEqual([paid.id]);
      expect(await offlineGifts.findById(byHand.id)).toMatchObject({ id: byHand.id, amount: 5_000 });
      expect(await guests.giftsOfGuests('not-a-uuid')).toEqual([]);
      expect(await codeOf(offlineGifts.matchGuest(UNKNOWN_ID, null))).toBe('gift.not_found');
    });

    it('keeps one personal link digest per guest, replaced when issued again, and the guest’s answer', async () => {
      const { guests } = current();
      const registry = await aRegistry();
      const [dora, ben] = await guests.createMany([
        aNewGuest(registry.id),
        aNewGuest(registry.id, { name: 'Ben', email: 'ben@example.com' }),
      ]);
      expect(dora!.rsvp).toBeNull();
      expect(dora!.hasPersonalLink).toBe(false);
      expect(await guests.replaceLinkDigest(dora!.id, 'a'.repeat(64))).toBe(true);
      expect((await guests.findById(dora!.id))!.hasPersonalLink).toBe(true);
      expect((await guests.findById(ben!.id))!.hasPersonalLink).toBe(false);
      expect((await guests.findByLinkDigest('a'.repeat(64)))?.id).toBe(dora!.id);
      expect(await guests.replaceLinkDigest(dora!.id, 'b'.repeat(64))).toBe(true);
      expect(await guests.findByLinkDigest('a'.repeat(64))).toBeNull();
      expect(await guests.replaceLinkDigest(UNKNOWN_ID, 'c'.repeat(64))).toBe(false);
      expect(await guests.replaceLinkDigest('not-a-uuid', 'c'.repeat(64))).toBe(false);
      await expect(guests.replaceLinkDigest(ben!.id, 'b'.repeat(64))).rejects.toThrow();

      const answeredAt = new Date('2026-05-02T10:00:00.000Z');
      const answered = await guests.recordRsvp(dora!.id, { answer: 'yes', partySize: 3, answeredAt });
      expect(answered.rsvp).toEqual({ answer: 'yes', partySize: 3, answeredAt });
      expect((await guests.findById(dora!.id))!.rsvp).toEqual({ answer: 'yes', partySize: 3, answeredAt });
      // The family editing the line keeps the answer.
      await guests.update(dora!.id, { ...aNewGuest(registry.id, { name: 'Dora Levi' }) });
      expect((await guests.findByLinkDigest('b'.repeat(64)))!.rsvp).toMatchObject({ answer: 'yes', partySize: 3 });
      expect(await codeOf(guests.recordRsvp(UNKNOWN_ID, { answer: 'no', partySize: 0, answeredAt }))).toBe('guest.not_found');
    });

    it('matches a gift given from a guest’s link to that guest alone, and leaves it to the e-mail rule once the guest is gone', async () => {
      const { guests, gifts, charities } = current();
      const registry = await aRegistry();
      const charity = await charities.create(aCharity());
      const [dora, ben] = await guests.createMany([
        aNewGuest(registry.id),
        aNewGuest(registry.id, { name: 'Ben', email: 'ben@example.com' }),
      ]);
      const fromLink = await gifts.create(
        aNewGift(registry.id, charity.id, { giftGiverEmail: 'ben@example.com', amount: 3_600, ...splitGift(3_600), guestId: dora!.id }),
      );
      expect(fromLink).not.toHaveProperty('guestId');
      expect((await guests.giftsOfGuests(registry.id)).map((gift) => [gift.guestId, gift.giftId, gift.matchedBy])).toEqual([
        [dora!.id, fromLink.id, 'link'],
      ]);
      await guests.delete(dora!.id);
      expect((await guests.giftsOfGuests(registry.id)).map((gift) => [gift.guestId, gift.giftId, gift.matchedBy])).toEqual([
        [ben!.id, fromLink.id, 'email'],
      ]);
    });

    it('goes with its registry', async () => {
      const { guests, registries } = current();
      const registry = await aRegistry();
      const [guest] = await guests.createMany([aNewGuest(registry.id)]);
      await registries.delete(registry.id);
      expect(await guests.findById(guest!.id)).toBeNull();
    });
  });
}
