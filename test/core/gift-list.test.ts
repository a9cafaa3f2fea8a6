import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isListed, PAYMENT_STATUSES, type Gift } from '@core/model/gift';
import { giftListPage } from '@core/model/gift-list';
import type { ReceivedGift } from '@core/model/received-gift';
import { OFFLINE_GIFT_METHODS, type OfflineGift } from '@core/model/offline-gift';
import { byHandTotalOf, ownerTotals } from '@core/model/owner-totals';
import { tallyOf } from '@core/model/gift-tally';
import { closingAmounts } from '@core/model/closing-amounts';
import { splitGift } from '@core/split';
import { GIFT_LIST_PAGE_SIZE, GIFT_LIST_SORTS, parseGiftListQuery, SORT_ORDERS, type GiftListQuery } from '@core/model/gift-list-query';
import { isDomainError } from '@core/errors';

let counter = 0;
function aGift(overrides: Partial<Gift> = {}): Gift {
  counter += 1;
  return {
    id: `g-${String(counter).padStart(5, '0')}`,
    registryId: 'r-1',
    giftGiverName: 'Aunt Miriam',
    giftGiverEmail: 'miriam@example.com',
    currency: 'USD',
    amount: 3_600,
    childAmount: 3_240,
    charityAmount: 360,
    platformFee: 300,
    cardFee: 150,
    providerFee: null,
    charityId: 'c-1',
    personalMessage: null,
    paymentIntentId: null,
    paymentStatus: 'succeeded',
    refundedAtPlatformCost: false,
    shareEmailWithCharity: false,
    createdAt: new Date('2027-01-01T12:00:00.000Z'),
    ...overrides,
  };
}

const query = (overrides: Partial<GiftListQuery> = {}): GiftListQuery => ({ q: '', sort: 'date', order: 'desc', page: 1, ...overrides });

const arbitraryGift = fc
  .record({
    cents: fc.integer({ min: 100, max: 5_000_000 }),
    status: fc.constantFrom(...PAYMENT_STATUSES),
    minute: fc.integer({ min: 0, max: 50 }),
    name: fc.constantFrom('Miriam', 'david', 'Ári', 'Zev', 'miriam', 'Chana'),
  })
  .map(({ cents, status, minute, name }) =>
    aGift({
      amount: cents,
      ...splitGift(cents),
      paymentStatus: status,
      giftGiverName: name,
      createdAt: new Date(Date.UTC(2027, 0, 1, 12, minute)),
    }),
  );

const arbitraryGiftByHand = fc
  .record({
    cents: fc.integer({ min: 1, max: 2_500_000 }),
    day: fc.integer({ min: 1, max: 3 }),
    method: fc.constantFrom(...OFFLINE_GIFT_METHODS),
    name: fc.constantFrom('Uncle Ben', 'dora', 'Zev'),
    email: fc.constantFrom(null, 'ben@example.com'),
  })
  .map(({ cents, day, method, name, email }): OfflineGift => {
    counter += 1;
    const at = new Date('2027-01-05T20:00:00.000Z');
    return {
      id: `o-${String(counter).padStart(5, '0')}`,
      registryId: 'r-1',
      giftGiverName: name,
      giftGiverEmail: email,
      amount: cents,
      method,
      receivedOn: `2027-01-0${day}`,
      note: null,
      createdAt: at,
      updatedAt: at,
    };
  });

function allPages(gifts: Gift[], base: GiftListQuery, byHand: OfflineGift[] = []): ReceivedGift[] {
  const first = giftListPage(gifts, base, byHand);
  const rest = Array.from({ length: first.pageCount - 1 }, (_, index) => giftListPage(gifts, { ...base, page: index + 2 }, byHand).gifts);
  return [first.gifts, ...rest].flat();
}

describe('the owner’s full gift list', () => {
  it('pages through every paid gift (refunded and disputed ones too) exactly once, in any sort, and counts nothing else', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryGift, { maxLength: 180 }),
        fc.constantFrom(...GIFT_LIST_SORTS),
        fc.constantFrom(...SORT_ORDERS),
        (gifts, sort, order) => {
          const paid = gifts.filter((gift) => ['succeeded', 'refunding', 'refunded', 'disputed'].includes(gift.paymentStatus));
          const listed = allPages(gifts, query({ sort, order }));
          expect(listed.map((gift) => gift.id).sort()).toEqual(paid.map((gift) => gift.id).sort());
          const first = giftListPage(gifts, query({ sort, order }));
          expect(first.giftCount).toBe(paid.length);
          expect(first.matching).toBe(paid.length);
          expect(first.pageCount).toBe(Math.max(1, Math.ceil(paid.length / GIFT_LIST_PAGE_SIZE)));
          // The cents listed as still paid add up to what the succeeded gifts hold: nothing lost, nothing doubled.
          const stillPaid = (list: readonly { amount: number; paymentStatus?: string }[]) =>
            list.filter((gift) => gift.paymentStatus === 'succeeded').reduce((sum, gift) => sum + gift.amount, 0);
          expect(stillPaid(listed)).toBe(stillPaid(gifts));
        },
      ),
    );
  });

  it('lists gifts given by hand beside the succeeded ones, each exactly once, marked by hand, in any sort', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryGift, { maxLength: 80 }),
        fc.array(arbitraryGiftByHand, { maxLength: 80 }),
        fc.constantFrom(...GIFT_LIST_SORTS),
        fc.constantFrom(...SORT_ORDERS),
        (gifts, byHand, sort, order) => {
          const paid = gifts.filter(isListed);
          const listed = allPages(gifts, query({ sort, order }), byHand);
          expect(listed.map((gift) => gift.id).sort()).toEqual([...paid, ...byHand].map((gift) => gift.id).sort());
          expect(
            listed
              .filter((gift) => gift.byHand)
              .map((gift) => gift.id)
              .sort(),
          ).toEqual(byHand.map((gift) => gift.id).sort());
          expect(giftListPage(gifts, query({ sort, order }), byHand).giftCount).toBe(paid.length + byHand.length);
          if (sort === 'amount') {
            const amounts = listed.map((gift) => gift.amount);
            expect(amounts).toEqual([...amounts].sort((a, b) => (order === 'asc' ? a - b : b - a)));
          }
        },
      ),
    );
  });

  it('gives the owner’s totals as the registry’s figures (closingAmounts) plus the gifts given by hand, to the cent', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryGift, { maxLength: 60 }),
        fc.array(arbitraryGiftByHand, { maxLength: 60 }),
        fc.array(fc.boolean(), { maxLength: 60 }),
        (drawn, byHand, atPlatformCost) => {
          // Some refunds were made at the platform's cost: those gifts still count for the family and the charity.
          const gifts = drawn.map((gift, index) => ({
            ...gift,
            refundedAtPlatformCost: gift.paymentStatus === 'refunded' && (atPlatformCost[index] ?? false),
          }));
          const succeeded = gifts.filter((gift) => gift.paymentStatus === 'succeeded');
          const refunding = gifts.filter((gift) => gift.paymentStatus === 'refunding');
          const refunded = gifts.filter((gift) => gift.paymentStatus === 'refunded' && !gift.refundedAtPlatformCost);
          const borne = gifts.filter((gift) => gift.paymentStatus === 'refunded' && gift.refundedAtPlatformCost);
          const sum = (list: readonly { amount: number }[]) => list.reduce((total, gift) => total + gift.amount, 0);
          const totals = ownerTotals(tallyOf(gifts), byHandTotalOf(byHand), 'USD');
          // What came online is exactly what the family and the charities are paid (or would be at
          // closing): a refund still under way counts until it is done, one at the platform's cost for good.
          const closing = closingAmounts(gifts);
          expect(totals.online).toBe(closing.totalReceived);
          expect(totals.online).toBe(closing.payoutAmount + closing.charityPayoutAmount);
          expect(totals.online).toBe(sum(succeeded) + sum(refunding) + sum(borne));
          expect(totals.byHand).toBe(byHand.reduce((sum, gift) => sum + gift.amount, 0));
          expect(totals.total).toBe(totals.online + totals.byHand);
          expect(totals.refunded).toBe(sum(refunded));
          expect(totals.refundedAtPlatformCost).toBe(sum(borne));
          expect([totals.onlineCount, totals.byHandCount, totals.refundedCount, totals.refundedAtPlatformCostCount]).toEqual([
            succeeded.length + refunding.length + borne.length,
            byHand.length,
            refunded.length,
            borne.length,
          ]);
          expect(closing.shares.reduce((total, share) => total + share.amount, 0)).toBe(closing.charityPayoutAmount);
          expect(closing.shares.reduce((total, share) => total + share.giftCount, 0)).toBe(closing.giftCount);
        },
      ),
    );
  });

  it('sorts by date, amount or giver, each way', () => {
    fc.assert(
      fc.property(fc.array(arbitraryGift, { maxLength: 60 }), (gifts) => {
        const byAmount = allPages(gifts, query({ sort: 'amount', order: 'desc' })).map((gift) => gift.amount);
        expect(byAmount).toEqual([...byAmount].sort((a, b) => b - a));
        const byDate = allPages(gifts, query({ sort: 'date', order: 'asc' })).map((gift) => gift.createdAt.getTime());
        expect(byDate).toEqual([...byDate].sort((a, b) => a - b));
        const byGiver = allPages(gifts, query({ sort: 'giver', order: 'asc' })).map((gift) =>
          gift.giftGiverName.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''),
        );
        expect(byGiver).toEqual([...byGiver].sort());
      }),
    );
  });

  it('finds gifts by the giver’s name, e-mail or message, ignoring case and accents', () => {
    const gifts = [
      aGift({ giftGiverName: 'José Levi', giftGiverEmail: 'jl@example.com' }),
      aGift({ giftGiverName: 'Dana', giftGiverEmail: 'dana.k@mail.example.org' }),
      aGift({ giftGiverName: 'Eli', personalMessage: 'Mazel TOV from the whole Katz family!' }),
      aGift({ giftGiverName: 'Jose Failed', paymentStatus: 'failed' }),
    ];
    const names = (q: string) => giftListPage(gifts, query({ q })).gifts.map((gift) => gift.giftGiverName);
    expect(names('jose')).toEqual(['José Levi']);
    expect(names('MAIL.EXAMPLE')).toEqual(['Dana']);
    expect(names('katz family')).toEqual(['Eli']);
    expect(giftListPage(gifts, query({ q: 'nobody' }))).toMatchObject({ gifts: [], matching: 0, giftCount: 3, pageCount: 1 });
  });
});

describe('the gift list’s query', () => {
  it('defaults to the newest first, and takes each sort’s natural direction', () => {
    expect(parseGiftListQuery({})).toEqual({ q: '', sort: 'date', order: 'desc', page: 1 });
    expect(parseGiftListQuery({ sort: 'giver' })).toMatchObject({ sort: 'giver', order: 'asc' });
    expect(parseGiftListQuery({ sort: 'amount', order: 'asc', page: '3', q: '  miriam ' })).toEqual({
      q: 'miriam',
      sort: 'amount',
      order: 'asc',
      page: 3,
    });
  });

  it.each([
    [{ sort: 'price' }, 'sort', 'Sort must be date, amount or giver'],
    [{ order: 'up' }, 'order', 'Order must be asc or desc'],
    [{ page: '0' }, 'page', 'Page must be a whole number from 1 to 1000'],
    [{ page: '1.5' }, 'page', 'Page must be a whole number from 1 to 1000'],
    [{ page: '-1' }, 'page', 'Page must be a whole number from 1 to 1000'],
    [{ page: ['1', '2'] }, 'page', 'Give page once'],
    [{ q: 'x'.repeat(201) }, 'q', 'Search can be at most 200 characters'],
    [{ status: 'failed' }, 'status', 'Unknown parameter: status'],
  ])('refuses %j with a message for %s', (input, field, message) => {
    try {
      parseGiftListQuery(input);
      expect.unreachable();
    } catch (error) {
      expect(isDomainError(error) && error.code).toBe('validation.failed');
      expect((error as Error).message).toBe(message);
      expect((error as { fields?: Record<string, string> }).fields).toHaveProperty(field);
    }
  });
});
