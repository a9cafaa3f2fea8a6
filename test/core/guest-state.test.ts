import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Guest } from '@core/model/guest';
import type { GuestGift } from '@core/model/guest-gift';
import { giftsToThank, guestStates, matchesFilters } from '@core/guest/guest-state';
import { THANK_YOU_STATUSES, type ThankYouStatus } from '@core/model/thank-you-status';

function aGuest(id: string): Guest {
  const at = new Date('2026-05-01T00:00:00Z');
  return {
    id,
    registryId: 'r',
    name: id,
    email: `${id}@example.com`,
    partySize: 1,
    street: null,
    city: null,
    region: null,
    postalCode: null,
    country: null,
    rsvp: null,
    hasPersonalLink: false,
    invitedAt: null,
    remindedAt: null,
    createdAt: at,
    updatedAt: at,
  };
}

function aGift(giftId: string, guestId: string, amount: number, thankYouStatus: ThankYouStatus = 'none'): GuestGift {
  return { guestId, giftId, byHand: false, amount, givenAt: new Date('2026-05-02T00:00:00Z'), matchedBy: 'email', thankYouStatus };
}

describe('a guest followed to the thank-you', () => {
  it('is thanked once every gift has a card delivered; a bounced card, then a missing one, then a draft says what is owed', () => {
    const states = guestStates(
      [aGuest('a'), aGuest('b'), aGuest('c'), aGuest('d'), aGuest('e')],
      [
        aGift('1', 'a', 100, 'sent'),
        aGift('2', 'a', 200, 'sent'),
        aGift('3', 'b', 100, 'sent'),
        aGift('4', 'b', 100, 'not_delivered'),
        aGift('5', 'b', 100, 'none'),
        aGift('6', 'c', 100, 'draft'),
        aGift('7', 'c', 100, 'none'),
        aGift('8', 'd', 100, 'draft'),
      ],
    );
    expect(states.map((state) => state.thankYou)).toEqual(['sent', 'not_delivered', 'none', 'draft', null]);
    expect(states.map((state) => matchesFilters(state, { thanked: 'no' }))).toEqual([false, true, true, true, false]);
    expect(states.map((state) => matchesFilters(state, { gave: 'no' }))).toEqual([false, false, false, false, true]);
    expect(giftsToThank(states)).toEqual(['4', '5', '6', '7', '8']);
  });

  it('counts each gift once, for its guest: what the guests gave adds up to the gifts, to the cent', () => {
    const guestIds = ['a', 'b', 'c', 'd'];
    const gift = fc.record({
      guest: fc.constantFrom(...guestIds),
      amount: fc.integer({ min: 1, max: 10_000_000 }),
      status: fc.constantFrom(...THANK_YOU_STATUSES),
    });
    fc.assert(
      fc.property(fc.array(gift, { maxLength: 40 }), (drawn) => {
        const gifts = drawn.map((one, index) => aGift(String(index), one.guest, one.amount, one.status));
        const states = guestStates(guestIds.map(aGuest), gifts);
        expect(states.reduce((sum, state) => sum + state.given, 0)).toBe(gifts.reduce((sum, one) => sum + one.amount, 0));
        expect(states.flatMap((state) => state.gifts.map((one) => one.giftId)).sort()).toEqual(gifts.map((one) => one.giftId).sort());
        for (const state of states) expect(Number.isInteger(state.given)).toBe(true);
      }),
    );
  });
});
