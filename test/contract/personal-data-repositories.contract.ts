import { describe, expect, it } from 'vitest';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import { aCharity, aNewGift, aNewRegistry, aNewUser } from '../support/builders';

const now = new Date('2027-03-01T10:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const DAY = 24 * 60 * 60 * 1000;
const file = (text: string) => ({
  fileName: 'export.json',
  contentType: 'application/json; charset=utf-8',
  bytes: new TextEncoder().encode(text),
});

/**
 * The repositories' part of the family owning its data: scheduled deletions, exports built in the
 * background, and the redactions; repositoryContract runs it against the in-memory fakes, PGlite
 * and PostgreSQL.
 */
export function personalDataRepositoryContract(current: () => Repositories & UnitOfWork): void {
  async function familyWithGifts() {
    const repos = current();
    const user = await repos.users.create(aNewUser());
    const charity = await repos.charities.create(aCharity());
    const registry = await repos.registries.create(
      aNewRegistry(user.id, {
        childName: 'Noa Levi',
        personalMessage: 'Our Noa',
        photoUrl: '/uploads/9b0a7c1e-0000-4000-8000-000000000001-800x600.jpg',
      }),
    );
    await repos.registries.update(registry.id, {
      paypalEmail: 'family@example.com',
      mailingName: 'Dana Levi',
      mailingAddress: '1 Elm St',
      status: 'payout_sent',
      payoutStatus: 'completed',
      closedAt: now,
      payoutSentAt: now,
    });
    const gift = await repos.gifts.create(
      aNewGift(registry.id, charity.id, {
        giftGiverName: 'Miriam Gold',
        giftGiverEmail: 'miriam@example.com',
        personalMessage: 'Mazel tov!',
      }),
    );
    const byHand = await repos.offlineGifts.create({
      registryId: registry.id,
      giftGiverName: 'Aunt Dora',
      giftGiverEmail: 'dora@example.com',
      amount: 3600,
      method: 'cash',
      receivedOn: '2027-02-01',
      note: 'Card box',
    });
    const [guest] = await repos.guests.createMany([
      {
        registryId: registry.id,
        name: 'Aunt Dora',
        email: 'dora@example.com',
        partySize: 2,
        street: '1 Elm St',
        city: null,
        region: null,
        postalCode: null,
        country: null,
      },
    ]);
    const note = await repos.thankYouNotes.save(
      { id: gift.id, byHand: false },
      {
        templateId: 'warm',
        customMessage: 'Thank you!',
        imageUrls: ['/uploads/9b0a7c1e-0000-4000-8000-000000000002.jpg'],
        imageSize: 'medium',
      },
    );
    await repos.audit.append({
      actorUserId: user.id,
      actorLabel: `owner:${user.username}`,
      action: 'payout.method_switched',
      subjectType: 'registry',
      subjectId: registry.id,
      before: { payoutMethod: 'bank', paypalEmail: null, mailingName: null },
      after: { payoutMethod: 'check', paypalEmail: null, mailingName: 'Dana Levi', mailingAddress: '1 Elm St' },
      createdAt: now,
    });
    return { repos, user, registry, gift, byHand, note, guest: guest! };
  }

  describe('users: scheduled deletion', () => {
    it('schedules, lists when due, locks once, and cancels only what is scheduled', async () => {
      const { users } = current();
      const user = await users.create(aNewUser());
      expect(await users.cancelDeletion(user.id)).toBe(false);
      expect(await users.scheduleDeletion(user.id, later(DAY))).toMatchObject({ deletionDueAt: later(DAY), deletedAt: null });
      expect(await users.listDeletionsDue(now, 10)).toEqual([]);
      expect(await users.listDeletionsDue(later(DAY), 10)).toEqual([user.id]);
      expect(await current().transaction(({ users: inside }) => inside.lockDeletionDue(user.id, now))).toBeNull();
      expect(await current().transaction(({ users: inside }) => inside.lockDeletionDue(user.id, later(DAY)))).toMatchObject({
        id: user.id,
      });
      expect(await users.cancelDeletion(user.id)).toBe(true);
      expect(await users.cancelDeletion(user.id)).toBe(false);
      expect(await users.findById(user.id)).toMatchObject({ deletionDueAt: null });
      await expect(users.scheduleDeletion('00000000-0000-4000-8000-000000000000', now)).rejects.toMatchObject({ code: 'user.not_found' });
    });
  });

  describe('account exports', () => {
    it('queues one export per account and format, claims it once, keeps its file behind its digest until it expires', async () => {
      const { users, accountExports } = current();
      const user = await users.create(aNewUser());
      const first = await accountExports.request(user.id, 'json', now);
      expect(first).toMatchObject({ userId: user.id, format: 'json', status: 'queued', attempts: 0 });
      expect((await accountExports.request(user.id, 'json', later(1000))).id).toBe(first.id);
      expect((await accountExports.request(user.id, 'csv', now)).id).not.toBe(first.id);
      const claimed = await accountExports.claimNext(now, later(-DAY));
      expect(claimed).toMatchObject({ id: first.id, status: 'building', attempts: 1 });
      expect((await accountExports.claimNext(now, later(-DAY)))?.format).toBe('csv');
      expect(await accountExports.claimNext(now, later(-DAY))).toBeNull();
      // A build whose instance died is taken over once its lease is past.
      expect((await accountExports.claimNext(later(DAY), later(1)))?.attempts).toBe(2);
      const ready = await accountExports.complete(first.id, file('{"a":1}'), 'f'.repeat(64), now, later(7 * DAY));
      expect(ready).toMatchObject({ status: 'ready', readyAt: now, expiresAt: later(7 * DAY), fileName: 'export.json', sizeBytes: 7 });
      const found = await accountExports.findReady('f'.repeat(64), later(DAY));
      expect(found?.request.id).toBe(first.id);
      expect(new TextDecoder().decode(found!.file.bytes)).toBe('{"a":1}');
      expect(await accountExports.findReady('f'.repeat(64), later(7 * DAY))).toBeNull();
      expect(await accountExports.findReady('e'.repeat(64), later(DAY))).toBeNull();
      expect((await accountExports.listByUser(user.id)).map((request) => request.status).sort()).toEqual(['building', 'ready']);
      expect(await accountExports.purgeExpired(later(7 * DAY))).toBe(1);
      expect(await accountExports.deleteForUser(user.id)).toBe(1);
      expect(await accountExports.listByUser(user.id)).toEqual([]);
    });

    it('queues a failed build again while it has tries left, and marks it failed after', async () => {
      const { users, accountExports } = current();
      const user = await users.create(aNewUser());
      const asked = await accountExports.request(user.id, 'csv', now);
      await accountExports.claimNext(now, later(-DAY));
      expect(await accountExports.fail(asked.id, 2)).toMatchObject({ status: 'queued', attempts: 1 });
      await accountExports.claimNext(now, later(-DAY));
      expect(await accountExports.fail(asked.id, 2)).toMatchObject({ status: 'failed', attempts: 2 });
      expect(await accountExports.claimNext(now, later(-DAY))).toBeNull();
    });
  });

  /** How many gifts the owner's list finds for each search. */
  async function searched(repos: Repositories, registryId: string, words: string[]): Promise<number[]> {
    return Promise.all(
      words.map(async (q) => (await repos.gifts.pageReceived(registryId, { q, sort: 'date', order: 'desc', page: 1 })).matching),
    );
  }

  describe('personal data', () => {
    it('redacts a registry kept for its money: names, words, addresses and cards go; amounts and facts stay', async () => {
      const { repos, registry, gift, byHand, note, guest } = await familyWithGifts();
      expect(await searched(repos, registry.id, ['miriam', 'gold', 'mazel', 'dora'])).toEqual([1, 1, 1, 1]);
      const photos = await repos.transaction(({ personalData }) => personalData.redactRegistry(registry.id, now));
      expect(photos.sort()).toEqual([
        '/uploads/9b0a7c1e-0000-4000-8000-000000000001-800x600.jpg',
        '/uploads/9b0a7c1e-0000-4000-8000-000000000002.jpg',
      ]);
      expect(await repos.registries.findById(registry.id)).toMatchObject({
        childName: 'Redacted',
        personalMessage: null,
        photoUrl: null,
        paypalEmail: null,
        mailingName: null,
        mailingAddress: null,
        isActive: false,
        unlisted: true,
        payoutStatus: 'completed',
      });
      expect(await repos.gifts.findById(gift.id)).toMatchObject({
        giftGiverName: 'Redacted',
        giftGiverEmail: '',
        personalMessage: null,
        amount: 10_000,
        childAmount: 9_000,
      });
      expect(await repos.offlineGifts.findById(byHand.id)).toBeNull();
      expect(await repos.thankYouNotes.findById(note.id)).toBeNull();
      expect(await repos.guests.findById(guest.id)).toBeNull();
      // The owner's list searches what the gift says now: the words it no longer keeps find nothing.
      expect(await searched(repos, registry.id, ['miriam', 'gold', 'mazel', 'dora', 'redacted'])).toEqual([0, 0, 0, 0, 1]);
      const [event] = await repos.audit.list(10);
      expect(event).toMatchObject({
        action: 'payout.method_switched',
        subjectId: registry.id,
        before: { payoutMethod: 'bank' },
        after: { payoutMethod: 'check' },
      });
      expect(JSON.stringify(event)).not.toMatch(/Dana Levi|1 Elm St|paypalEmail/);
    });

    it('redacts the account’s own row and its label in the audit trail', async () => {
      const { repos, user } = await familyWithGifts();
      await repos.transaction(({ personalData }) =>
        personalData.redactUser(
          user.id,
          { username: `deleted-${user.id}`, email: `deleted-${user.id}@deleted.invalid`, passwordHash: 'unknowable' },
          now,
        ),
      );
      expect(await repos.users.findById(user.id)).toMatchObject({
        username: `deleted-${user.id}`,
        email: `deleted-${user.id}@deleted.invalid`,
        firstName: null,
        lastName: null,
        deletedAt: now,
      });
      expect((await repos.users.findByIdWithPassword(user.id))?.passwordHash).toBe('unknowable');
      expect(await repos.users.findByUsername(user.username)).toBeNull();
      expect((await repos.audit.list(10))[0]).toMatchObject({ actorUserId: user.id, actorLabel: 'owner:deleted' });
    });

    it('purges the guests’ e-mails and messages and the guest list of registries paid out before the time, once, keeping names and amounts', async () => {
      const { repos, registry, gift, byHand, guest } = await familyWithGifts();
      expect(await searched(repos, registry.id, ['miriam@', 'mazel', 'dora@', 'card box'])).toEqual([1, 1, 1, 1]);
      const recent = await repos.registries.create(aNewRegistry((await repos.users.create(aNewUser())).id));
      await repos.registries.update(recent.id, {
        status: 'payout_sent',
        payoutStatus: 'completed',
        closedAt: later(DAY),
        payoutSentAt: later(DAY),
      });
      const due = await repos.transaction(({ personalData }) => personalData.lockGuestDataDue(now, 10));
      expect(due).toEqual([registry.id]);
      expect(await repos.transaction(({ personalData }) => personalData.purgeGuestData(registry.id, now))).toEqual({
        gifts: 1,
        giftsByHand: 1,
      });
      expect(await repos.gifts.findById(gift.id)).toMatchObject({
        giftGiverName: 'Miriam Gold',
        giftGiverEmail: '',
        personalMessage: null,
        amount: 10_000,
      });
      expect(await repos.offlineGifts.findById(byHand.id)).toMatchObject({
        giftGiverName: 'Aunt Dora',
        giftGiverEmail: null,
        note: 'Card box',
      });
      expect(await searched(repos, registry.id, ['miriam@', 'mazel', 'dora@', 'card box', 'miriam gold'])).toEqual([0, 0, 0, 1, 1]);
      // The guest list is nothing but guests' data: it goes whole.
      expect(await repos.guests.listByRegistry(registry.id)).toEqual([]);
      expect(await repos.guests.findById(guest.id)).toBeNull();
      expect(await repos.transaction(({ personalData }) => personalData.lockGuestDataDue(later(2 * DAY), 10))).toEqual([recent.id]);
    });
  });
}
