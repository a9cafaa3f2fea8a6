import { describe, expect, it } from 'vitest';
import { isListed, type PaymentStatus } from '@core/model/gift';
import { giftListPage } from '@core/model/gift-list';
import { contributorsPage } from '@core/model/contributors-page';
import { CONTRIBUTORS_PAGE_SIZE, type ContributorsQuery } from '@core/model/contributors-query';
import { GIFT_LIST_SORTS, SORT_ORDERS, type GiftListQuery } from '@core/model/gift-list-query';
import { succeededCount, tallyOf, type GiftTally } from '@core/model/gift-tally';
import { byHandTotalOf } from '@core/model/owner-totals';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import { aCharity, aNewGift, aNewRegistry, aNewUser } from '../support/builders';

const ordered = (tallies: readonly GiftTally[]) =>
  [...tallies].sort((a, b) =>
    `${a.paymentStatus}${a.refundedAtPlatformCost}${a.currency}${a.charityId}`.localeCompare(
      `${b.paymentStatus}${b.refundedAtPlatformCost}${b.currency}${b.charityId}`,
    ),
  );

// Accents, case, digits, spaces, LIKE's own characters, a backslash, Hebrew, and a letter beyond U+FFFF.
const GIVERS = [
  'José Cohen',
  'jose cohen',
  'Aunt 10',
  'Aunt 2',
  '  Zoë Levi',
  'Ämma Stern',
  'Ben',
  'ben',
  'Sam_100% Katz',
  'Back\\slash Cohen',
  'שרה לוי',
  '𝔄da Roth',
  'Ａda Wide',
];
const STATUSES: PaymentStatus[] = [
  'succeeded',
  'succeeded',
  'refunded',
  'disputed',
  'pending',
  'failed',
  'refunding',
  'expired',
  'succeeded',
];

/**
 * What the owner's screens read in the database rather than from every gift (the tally, the
 * newest gifts, a page of the gift list): the same as core derives from all the gifts;
 * repositoryContract runs it against the in-memory fakes, PGlite and PostgreSQL.
 */
export function giftListRepositoryContract(current: () => Repositories & UnitOfWork): void {
  async function aRegistry() {
    const repos = current();
    const user = await repos.users.create(aNewUser());
    const charities = [await repos.charities.create(aCharity()), await repos.charities.create(aCharity())];
    const registry = await repos.registries.create(aNewRegistry(user.id));
    return { repos, registry, charities };
  }

  describe('the owner’s figures and gift list, read in the database', () => {
    it('tallies the gifts as core sums them, through every change of status, to the cent', async () => {
      const { repos, registry, charities } = await aRegistry();
      const expectTallyOfGifts = async () => {
        const tally = await repos.gifts.tallyByRegistry(registry.id);
        expect(ordered(tally)).toEqual(ordered(tallyOf(await repos.gifts.listByRegistry(registry.id))));
        // The family's page reads its count and statuses from the tally.
        expect(succeededCount(tally)).toBe((await repos.gifts.countSucceeded([registry.id])).get(registry.id) ?? 0);
        expect(new Set(tally.map((each) => each.paymentStatus))).toEqual(await repos.gifts.paymentStatusesOf(registry.id));
        // The dashboard reads every registry of the user's in one aggregate: the same tallies.
        const many = await repos.gifts.tallyByRegistries([registry.id, other.id, empty.id, 'not-a-uuid']);
        expect([...many.keys()]).toEqual([registry.id, other.id, empty.id, 'not-a-uuid']);
        expect(ordered(many.get(registry.id)!)).toEqual(ordered(tally));
        expect(ordered(many.get(other.id)!)).toEqual(ordered(tallyOf(await repos.gifts.listByRegistry(other.id))));
        expect(many.get(empty.id)).toEqual([]);
        expect(many.get('not-a-uuid')).toEqual([]);
      };
      const [other, empty] = [
        await repos.registries.create(aNewRegistry(registry.userId)),
        await repos.registries.create(aNewRegistry(registry.userId)),
      ];
      await repos.gifts.create(
        aNewGift(other.id, charities[0]!.id, { paymentStatus: 'succeeded', amount: 5_000, childAmount: 4_500, charityAmount: 500 }),
      );
      const gifts = [];
      for (const [index, status] of STATUSES.entries()) {
        const amount = 1_001 + index * 3_607;
        const charityAmount = Math.round(amount / 10);
        gifts.push(
          await repos.gifts.create(
            aNewGift(registry.id, charities[index % 2]!.id, {
              paymentStatus: status,
              amount,
              charityAmount,
              childAmount: amount - charityAmount,
              currency: index === 2 ? 'CAD' : 'USD',
            }),
          ),
        );
      }
      await expectTallyOfGifts();
      const [first, second, , disputed] = gifts;
      expect(await repos.gifts.beginRefund(first!.id, new Date())).toBe(true);
      await expectTallyOfGifts();
      expect(await repos.gifts.changeStatus(first!.id, 'refunding', 'refunded')).toBe(true);
      await expectTallyOfGifts();
      expect(await repos.gifts.beginRefund(second!.id, new Date(), true)).toBe(true);
      expect(await repos.gifts.changeStatus(second!.id, 'refunding', 'refunded')).toBe(true);
      await expectTallyOfGifts();
      expect(await repos.gifts.changeStatus(disputed!.id, 'disputed', 'succeeded')).toBe(true);
      await repos.gifts.setStatus(gifts[4]!.id, 'succeeded');
      await expectTallyOfGifts();
      const tally = await repos.gifts.tallyByRegistry(registry.id);
      expect(tally.reduce((sum, each) => sum + each.giftCount, 0)).toBe(STATUSES.length);
      expect(tally.find((each) => each.paymentStatus === 'refunded' && each.refundedAtPlatformCost)).toMatchObject({
        giftCount: 1,
        amount: second!.amount,
      });
      expect(await repos.gifts.tallyByRegistry('not-a-uuid')).toEqual([]);
    });

    it('reads the newest listed gifts, the gifts in one status, gifts by id and what was given by hand', async () => {
      const { repos, registry, charities } = await aRegistry();
      for (const status of STATUSES) await repos.gifts.create(aNewGift(registry.id, charities[0]!.id, { paymentStatus: status }));
      const all = await repos.gifts.listByRegistry(registry.id);
      expect(await repos.gifts.listRecentListed(registry.id, 5)).toEqual(all.filter(isListed).slice(0, 5));
      expect(await repos.gifts.listRecentListed(registry.id, 50)).toEqual(all.filter(isListed));
      expect(await repos.gifts.listByRegistryWithStatus(registry.id, 'succeeded')).toEqual(
        all.filter((gift) => gift.paymentStatus === 'succeeded'),
      );
      const some = [all[1]!, all[4]!];
      const found = await repos.gifts.findByIds([...some.map((gift) => gift.id), '00000000-0000-4000-8000-000000000000', 'not-a-uuid']);
      expect(found.sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual([...some].sort((a, b) => (a.id < b.id ? -1 : 1)));
      expect(await repos.gifts.findByIds([])).toEqual([]);
      expect(await repos.offlineGifts.totalOf(registry.id)).toEqual({ count: 0, amount: 0 });
      for (const amount of [1_801, 3_600, 18_000]) {
        await repos.offlineGifts.create({
          registryId: registry.id,
          giftGiverName: 'Uncle Ben',
          giftGiverEmail: null,
          amount,
          method: 'cash',
          receivedOn: '2027-05-16',
          note: null,
        });
      }
      expect(await repos.offlineGifts.totalOf(registry.id)).toEqual(byHandTotalOf(await repos.offlineGifts.listByRegistry(registry.id)));
      expect(await repos.offlineGifts.totalOf(registry.id)).toEqual({ count: 3, amount: 23_401 });
      expect(await repos.offlineGifts.totalOf('not-a-uuid')).toEqual({ count: 0, amount: 0 });
    });

    it('pages the gift list, gifts given by hand among them, exactly as giftListPage cuts it from every gift', async () => {
      const { repos, registry, charities } = await aRegistry();
      // Amounts and names repeat, and many gifts share a millisecond: the ties decide the order.
      for (let index = 0; index < 110; index += 1) {
        await repos.gifts.create(
          aNewGift(registry.id, charities[index % 2]!.id, {
            paymentStatus: STATUSES[index % STATUSES.length],
            giftGiverName: GIVERS[index % GIVERS.length],
            giftGiverEmail: `giver${index % 7}@example.com`,
            personalMessage: index % 5 === 0 ? 'Mazel tov, Sarah!' : null,
            amount: 1_000 * (1 + (index % 4)),
            childAmount: 900 * (1 + (index % 4)),
            charityAmount: 100 * (1 + (index % 4)),
          }),
        );
      }
      for (let index = 0; index < 12; index += 1) {
        await repos.offlineGifts.create({
          registryId: registry.id,
          giftGiverName: GIVERS[index % GIVERS.length]!,
          giftGiverEmail: index % 2 ? 'hand@example.com' : null,
          amount: 1_000 * (1 + (index % 3)),
          method: 'cash',
          receivedOn: `2026-0${1 + (index % 6)}-1${index % 3}`,
          note: index % 4 === 0 ? 'Sarah’s teacher' : null,
        });
      }
      const [online, byHand] = [await repos.gifts.listByRegistry(registry.id), await repos.offlineGifts.listByRegistry(registry.id)];
      const queries: GiftListQuery[] = [];
      for (const sort of GIFT_LIST_SORTS)
        for (const order of SORT_ORDERS) for (const page of [1, 2, 3]) queries.push({ q: '', sort, order, page });
      for (const q of ['jose', 'SARAH', 'giver3@', 'zoe', 'nobody', '100%', '_', '%', '\\', 'שרה', 'da'])
        queries.push({ q, sort: 'date', order: 'desc', page: 1 }, { q, sort: 'giver', order: 'asc', page: 1 });
      for (const query of queries) {
        const expected = giftListPage(online, query, byHand);
        const page = await repos.gifts.pageReceived(registry.id, query);
        expect({ query, ids: page.gifts.map((gift) => gift.id), matching: page.matching, giftCount: page.giftCount }).toEqual({
          query,
          ids: expected.gifts.map((gift) => gift.id),
          matching: expected.matching,
          giftCount: expected.giftCount,
        });
        expect(page.gifts).toEqual(expected.gifts);
      }
      expect(await repos.gifts.pageReceived('not-a-uuid', queries[0]!)).toEqual({ gifts: [], matching: 0, giftCount: 0 });
    });

    it('pages the contributors, gifts given by hand among them, with their cards counted, exactly as contributorsPage cuts them', async () => {
      const { repos, registry, charities } = await aRegistry();
      // Names repeat and many gifts share a millisecond: the ties decide the order.
      for (let index = 0; index < 110; index += 1) {
        const gift = await repos.gifts.create(
          aNewGift(registry.id, charities[index % 2]!.id, {
            paymentStatus: STATUSES[index % STATUSES.length],
            giftGiverName: GIVERS[index % GIVERS.length],
            giftGiverEmail: `giver${index % 7}@example.com`,
            personalMessage: index % 5 === 0 ? 'Mazel tov, Sarah!' : null,
          }),
        );
        if (index % 3 === 0) {
          const note = await repos.thankYouNotes.save(
            { id: gift.id, byHand: false },
            { templateId: 'warm', customMessage: 'Thank you!', imageUrls: [], imageSize: 'small' },
          );
          if (index % 2 === 0) await repos.thankYouNotes.markSent(note.id, new Date());
        }
      }
      for (let index = 0; index < 12; index += 1) {
        const gift = await repos.offlineGifts.create({
          registryId: registry.id,
          giftGiverName: GIVERS[index % GIVERS.length]!,
          giftGiverEmail: index % 2 ? 'hand@example.com' : null,
          amount: 1_000 * (1 + (index % 3)),
          method: 'cash',
          receivedOn: `2026-0${1 + (index % 6)}-1${index % 3}`,
          note: index % 4 === 0 ? 'Sarah’s teacher' : null,
        });
        if (index % 4 === 1)
          await repos.thankYouNotes.save(
            { id: gift.id, byHand: true },
            { templateId: 'modern', customMessage: 'Thanks', imageUrls: [], imageSize: 'medium' },
          );
      }
      // Another registry's gifts and cards count for none of these.
      const other = await repos.registries.create(aNewRegistry(registry.userId));
      const elsewhere = await repos.gifts.create(aNewGift(other.id, charities[0]!.id, { paymentStatus: 'succeeded' }));
      await repos.thankYouNotes.save(
        { id: elsewhere.id, byHand: false },
        { templateId: 'warm', customMessage: 'x', imageUrls: [], imageSize: 'small' },
      );

      const [online, byHand] = [await repos.gifts.listByRegistry(registry.id), await repos.offlineGifts.listByRegistry(registry.id)];
      const notes = await repos.thankYouNotes.listByGiftIds([...online, ...byHand].map((gift) => gift.id));
      const queries: ContributorsQuery[] = [1, 2, 3].map((page) => ({ q: '', page }));
      // The message is not searched: "sarah" finds only a giver named so.
      for (const q of ['jose', 'GIVER3@', 'zoe', 'sarah', 'hand@', 'nobody', '100%', '_', '%', '\\', 'שרה', 'da'])
        queries.push({ q, page: 1 });
      for (const query of queries) {
        const expected = contributorsPage(online, byHand, notes, query);
        const page = await repos.gifts.pageContributors(registry.id, query);
        expect({ query, ids: page.gifts.map((gift) => gift.id), matching: page.matching, progress: page.progress }).toEqual({
          query,
          ids: expected.gifts.map((gift) => gift.id),
          matching: expected.matching,
          progress: expected.progress,
        });
        expect(page.gifts).toEqual(expected.gifts);
      }
      const contributorCount = online.filter((gift) => gift.paymentStatus === 'succeeded').length + byHand.length;
      const first = await repos.gifts.pageContributors(registry.id, { q: '', page: 1 });
      expect(first.gifts).toHaveLength(CONTRIBUTORS_PAGE_SIZE);
      expect(first.progress.contributors).toBe(contributorCount);
      expect(first.progress.sent + first.progress.draft + first.progress.notDelivered + first.progress.noCard).toBe(contributorCount);
      expect(first.progress.sent).toBeGreaterThan(0);
      expect(first.progress.draft).toBeGreaterThan(0);
      expect(await repos.gifts.pageContributors('not-a-uuid', { q: '', page: 1 })).toEqual({
        gifts: [],
        matching: 0,
        progress: { contributors: 0, sent: 0, draft: 0, notDelivered: 0, noCard: 0 },
      });
    });
  });
}
