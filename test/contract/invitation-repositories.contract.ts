import { describe, expect, it } from 'vitest';
import type { NewGuest } from '@core/ports/guest-repository';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import { splitGift } from '@core/split';
import { aCharity, aNewGift, aNewRegistry, aNewUser } from '../support/builders';

const DAY_MS = 86_400_000;
const today = () => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);

let counter = 0;
function aNewGuest(registryId: string, name: string): NewGuest {
  counter += 1;
  return {
    registryId,
    name,
    email: `${name.toLowerCase().replace(/\W/g, '')}.${counter}.${Date.now().toString(36)}@example.com`,
    partySize: 1,
    street: null,
    city: null,
    region: null,
    postalCode: null,
    country: null,
  };
}

/** The invitations' part of the repository contract: the settings, the invited dates and the reminder's claim. */
export function invitationRepositoryContract(current: () => Repositories & UnitOfWork): void {
  async function aRegistry(celebrationDate = new Date(today().getTime() + 5 * DAY_MS)) {
    const { users, registries } = current();
    const owner = await users.create(aNewUser());
    return registries.create(aNewRegistry(owner.id, { celebrationDate }));
  }

  describe('invitation settings', () => {
    it('are the defaults until saved, then what was saved, a second save replacing the first', async () => {
      const { invitationSettings } = current();
      const registry = await aRegistry();
      expect(await invitationSettings.findFor(registry.id)).toEqual({
        registryId: registry.id,
        message: '',
        startTime: null,
        place: null,
        reminderDays: 7,
        updatedAt: null,
      });
      const at = new Date('2026-12-01T10:00:00.000Z');
      await invitationSettings.save(
        { registryId: registry.id, message: 'Come!\nPlease.', startTime: '10:30', place: 'Hall', reminderDays: 14 },
        at,
      );
      expect(await invitationSettings.findFor(registry.id)).toEqual({
        registryId: registry.id,
        message: 'Come!\nPlease.',
        startTime: '10:30',
        place: 'Hall',
        reminderDays: 14,
        updatedAt: at,
      });
      await invitationSettings.save({ registryId: registry.id, message: '', startTime: null, place: null, reminderDays: null }, at);
      expect(await invitationSettings.findFor(registry.id)).toMatchObject({ message: '', startTime: null, reminderDays: null });
      expect(await invitationSettings.findFor('not-a-uuid')).toMatchObject({ reminderDays: 7, updatedAt: null });
    });
  });

  describe('the reminder’s claim', () => {
    it('marks guests invited, and claims once each guest invited before the day who has neither answered, given nor unsubscribed', async () => {
      const repositories = current();
      const { guests } = repositories;
      const registry = await aRegistry();
      const charity = await repositories.charities.create(aCharity());
      const names = ['Aunt Dora', 'Ben Gave', 'Gone Away', 'Late Invite', 'Never Invited', 'Rita Answered', 'Hannah By Hand'];
      const [dora, ben, gone, late, never, rita, hannah] = await guests.createMany(names.map((name) => aNewGuest(registry.id, name)));
      const reminderDay = new Date(today().getTime() - 2 * DAY_MS);
      const before = new Date(reminderDay.getTime() - 3 * DAY_MS);
      await guests.markInvited([dora!.id, ben!.id, gone!.id, rita!.id, hannah!.id], before);
      await guests.markInvited([late!.id], new Date(reminderDay.getTime() + 1000));
      expect((await guests.findById(dora!.id))!.invitedAt).toEqual(before);
      expect((await guests.findById(never!.id))!.invitedAt).toBeNull();
      await repositories.gifts.create(
        aNewGift(registry.id, charity.id, {
          giftGiverEmail: ben!.email.toUpperCase(),
          paymentStatus: 'succeeded',
          amount: 3600,
          ...splitGift(3600),
        }),
      );
      await repositories.mailSuppressions.add({
        address: gone!.email,
        scope: 'guest-invitations',
        reason: 'unsubscribe',
        createdAt: new Date(),
      });
      await guests.recordRsvp(rita!.id, { answer: 'maybe', partySize: 1, answeredAt: new Date() });
      const byHand = await repositories.offlineGifts.create({
        registryId: registry.id,
        giftGiverName: 'Hannah',
        giftGiverEmail: null,
        amount: 1800,
        method: 'cash',
        receivedOn: '2026-11-20',
        note: null,
      });
      await repositories.offlineGifts.matchGuest(byHand.id, hannah!.id);

      expect(await repositories.invitationSettings.listDueReminders(today(), 500)).toContain(registry.id);
      const at = new Date();
      const claimed = await current().transaction((tx) => tx.guests.claimReminders(registry.id, reminderDay, at, 500));
      expect(claimed.map((guest) => guest.name)).toEqual(['Aunt Dora']);
      expect(claimed[0]!.remindedAt).toEqual(at);
      // The claimed guest is the guest as any read of it answers.
      expect(claimed[0]).toEqual(await guests.findById(dora!.id));
      expect(await current().transaction((tx) => tx.guests.claimReminders(registry.id, reminderDay, at, 500))).toEqual([]);
      expect(await guests.claimReminders('not-a-uuid', reminderDay, at, 500)).toEqual([]);
    });

    it('lists a registry on its reminder day up to the date, unless the family turned it off', async () => {
      const repositories = current();
      const soon = await aRegistry();
      const later = await aRegistry(new Date(today().getTime() + 10 * DAY_MS));
      const past = await aRegistry(new Date(today().getTime() - DAY_MS));
      const off = await aRegistry();
      const nobodyInvited = await aRegistry();
      for (const registry of [soon, later, past, off, nobodyInvited]) {
        const [guest] = await repositories.guests.createMany([aNewGuest(registry.id, 'Aunt Dora')]);
        if (registry !== nobodyInvited) await repositories.guests.markInvited([guest!.id], new Date(today().getTime() - 20 * DAY_MS));
      }
      await repositories.invitationSettings.save(
        { registryId: off.id, message: '', startTime: null, place: null, reminderDays: null },
        new Date(),
      );
      const due = await repositories.invitationSettings.listDueReminders(today(), 5000);
      expect([soon, later, past, off, nobodyInvited].filter((registry) => due.includes(registry.id))).toEqual([soon]);
      await repositories.invitationSettings.save(
        { registryId: later.id, message: '', startTime: null, place: null, reminderDays: 14 },
        new Date(),
      );
      expect(await repositories.invitationSettings.listDueReminders(today(), 5000)).toContain(later.id);
    });
  });
}
