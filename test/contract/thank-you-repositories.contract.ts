import { describe, expect, it } from 'vitest';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import { aCharity, aNewGift, aNewRegistry, aNewUser } from '../support/builders';

const content = {
  templateId: 'warm' as const,
  customMessage: 'Dear {name}, thank you!',
  imageUrls: ['/uploads/a.jpg'],
  imageSize: 'small' as const,
};
const weekAgo = new Date('2027-05-23T00:00:00.000Z');

/**
 * The thank-you part of the repository contract (cards for everyone, the owner's reminder);
 * repositoryContract runs it against the in-memory fakes, PGlite and PostgreSQL.
 */
export function thankYouRepositoryContract(current: () => Repositories & UnitOfWork): void {
  async function aRegistry(celebrationDate: Date) {
    const repos = current();
    const user = await repos.users.create(aNewUser());
    const charity = await repos.charities.create(aCharity());
    const registry = await repos.registries.create(aNewRegistry(user.id, { celebrationDate }));
    const gift = (status: 'succeeded' | 'pending' | 'failed' = 'succeeded') =>
      repos.gifts.create(aNewGift(registry.id, charity.id, { paymentStatus: status }));
    const byHand = () =>
      repos.offlineGifts.create({
        registryId: registry.id,
        giftGiverName: 'Uncle Ben',
        giftGiverEmail: null,
        amount: 18000,
        method: 'cash',
        receivedOn: '2027-05-02',
        note: null,
      });
    return { registry, gift, byHand };
  }

  describe('thank-you cards for everyone', () => {
    it('keeps each card a family sent to all, newest first, and drops them with the registry', async () => {
      const { thankYouCards, registries } = current();
      const { registry } = await aRegistry(weekAgo);
      const first = await thankYouCards.create({ registryId: registry.id, ...content, sentToAllGifts: true });
      expect(first).toMatchObject({
        registryId: registry.id,
        ...content,
        sentToAllGifts: true,
        id: expect.any(String),
        createdAt: expect.any(Date),
      });
      const listed = await thankYouCards.listByRegistry(registry.id);
      expect(listed).toEqual([first]);
      expect(await thankYouCards.listByRegistry('not-a-uuid')).toEqual([]);
      await registries.delete(registry.id);
      expect(await thankYouCards.listByRegistry(registry.id)).toEqual([]);
    });
  });

  describe('thank-you reminders', () => {
    it('finds registries celebrated by the time with a succeeded gift whose card was not sent', async () => {
      const { thankYouNotes, thankYouReminders } = current();
      const due = await aRegistry(new Date('2027-05-16T00:00:00.000Z'));
      const draftOnly = await aRegistry(new Date('2027-05-10T00:00:00.000Z'));
      const allSent = await aRegistry(new Date('2027-05-01T00:00:00.000Z'));
      const onlyPending = await aRegistry(new Date('2027-05-01T00:00:00.000Z'));
      const tooRecent = await aRegistry(new Date('2027-05-23T00:00:01.000Z'));
      await due.gift();
      const sent = await due.gift();
      await thankYouNotes.markSent((await thankYouNotes.save({ id: sent.id, byHand: false }, content)).id, weekAgo);
      await thankYouNotes.save({ id: (await draftOnly.gift()).id, byHand: false }, content);
      const thanked = await allSent.gift();
      await thankYouNotes.markSent((await thankYouNotes.save({ id: thanked.id, byHand: false }, content)).id, weekAgo);
      await onlyPending.gift('pending');
      await onlyPending.gift('failed');
      await tooRecent.gift();

      const found = await thankYouReminders.listDue(weekAgo, 10);
      expect(found.filter((id) => [due, draftOnly, allSent, onlyPending, tooRecent].some(({ registry }) => registry.id === id))).toEqual([
        draftOnly.registry.id,
        due.registry.id,
      ]);
      expect(await thankYouReminders.listDue(weekAgo, 1)).toHaveLength(1);
    });

    it('counts a gift given by hand whose card was not sent (printed and marked given counts as sent)', async () => {
      const { thankYouNotes, thankYouReminders } = current();
      const unthanked = await aRegistry(new Date('2027-05-02T00:00:00.000Z'));
      await unthanked.byHand();
      const thanked = await aRegistry(new Date('2027-05-02T00:00:00.000Z'));
      const given = await thanked.byHand();
      await thankYouNotes.markSent((await thankYouNotes.save({ id: given.id, byHand: true }, content)).id, weekAgo);
      const found = await thankYouReminders.listDue(weekAgo, 500);
      expect(found).toContain(unthanked.registry.id);
      expect(found).not.toContain(thanked.registry.id);
    });

    it('records one reminder per registry: the first call wins and the registry is no longer due', async () => {
      const { thankYouReminders } = current();
      const { registry, gift } = await aRegistry(new Date('2027-05-01T00:00:00.000Z'));
      await gift();
      expect(await thankYouReminders.listDue(weekAgo, 500)).toContain(registry.id);
      const results = await Promise.all([thankYouReminders.record(registry.id, weekAgo), thankYouReminders.record(registry.id, weekAgo)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await thankYouReminders.record(registry.id, weekAgo)).toBe(false);
      expect(await thankYouReminders.listDue(weekAgo, 500)).not.toContain(registry.id);
      expect(await thankYouReminders.record('00000000-0000-4000-8000-000000000000', weekAgo)).toBe(false);
      expect(await thankYouReminders.record('not-a-uuid', weekAgo)).toBe(false);
    });
  });
}
