import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDomainError } from '@core/errors';
import { canStillAnswer, readRsvp, rsvpDeadline } from '@core/guest/guest-rsvp';
import { matchesFilters, rsvpCounts, guestStates } from '@core/guest/guest-state';
import { giftsOfGuests } from '@core/guest/guest-gifts';
import { answerInvitation, viewInvitation } from '@core/guest/guest-invitation';
import { issueGuestLink } from '@core/guest/guest-link';
import type { Guest } from '@core/model/guest';
import type { GuestRsvp } from '@core/model/guest-rsvp';
import type { MatchableGift } from '@core/model/guest-gift';
import { InMemoryGuestRepository } from '../../adapters/in-memory/in-memory-guest-repository';
import { nodeSecretTokens } from '../../adapters/security/node-secret-tokens';
import { derivedGuestLinkTokens } from '../../adapters/security/derived-guest-link-tokens';
import type { Registry } from '@core/model/registry';
import { defaultInvitationSettings } from '@core/model/invitation-settings';

const at = new Date('2026-05-01T00:00:00Z');

function aGuest(id: string, rsvp: GuestRsvp | null = null): Guest {
  return {
    id,
    registryId: 'r',
    name: id,
    email: `${id}@example.com`,
    partySize: 2,
    street: null,
    city: null,
    region: null,
    postalCode: null,
    country: null,
    rsvp,
    hasPersonalLink: false,
    invitedAt: null,
    remindedAt: null,
    createdAt: at,
    updatedAt: at,
  };
}

function refusal(run: () => unknown): Record<string, string> | string {
  try {
    run();
  } catch (error) {
    if (isDomainError(error)) return error.fields ?? error.message;
    throw error;
  }
  return 'accepted';
}

describe('an answer to the invitation', () => {
  it('takes yes and maybe with 1 to 20 people, and no with none', () => {
    expect(readRsvp({ answer: 'yes', partySize: 3 }, at)).toEqual({ answer: 'yes', partySize: 3, answeredAt: at });
    expect(readRsvp({ answer: 'maybe', partySize: 20 }, at)).toMatchObject({ answer: 'maybe', partySize: 20 });
    expect(readRsvp({ answer: 'no' }, at)).toMatchObject({ answer: 'no', partySize: 0 });
    expect(readRsvp({ answer: 'no', partySize: 0 }, at)).toMatchObject({ answer: 'no', partySize: 0 });
  });

  it('refuses anything else, naming the field', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)),
        fc.constantFrom('yes', 'maybe'),
        (partySize, answer) => {
          const fine = typeof partySize === 'number' && Number.isInteger(partySize) && partySize >= 1 && partySize <= 20;
          const outcome = refusal(() => readRsvp({ answer, partySize }, at));
          if (fine) expect(outcome).toBe('accepted');
          else expect(outcome).toEqual({ partySize: expect.any(String) });
        },
      ),
    );
    expect(refusal(() => readRsvp({ answer: 'Yes', partySize: 1 }, at))).toEqual({ answer: 'answer must be yes, no or maybe' });
    expect(refusal(() => readRsvp({ answer: 'no', partySize: 1 }, at))).toEqual({ partySize: expect.stringContaining('Not coming') });
    expect(refusal(() => readRsvp({ answer: 'yes', partySize: 1, name: 'x' }, at))).toEqual({ name: 'Unknown field' });
  });
});

describe('until when an answer may change', () => {
  it('is the end of the celebration day everywhere: noon UTC the day after', () => {
    const day = new Date('2027-05-16T00:00:00.000Z');
    expect(rsvpDeadline(day).toISOString()).toBe('2027-05-17T12:00:00.000Z');
    expect(canStillAnswer(day, new Date('2027-05-16T23:59:00.000Z'))).toBe(true);
    expect(canStillAnswer(day, new Date('2027-05-17T11:59:59.999Z'))).toBe(true);
    expect(canStillAnswer(day, new Date('2027-05-17T12:00:00.000Z'))).toBe(false);
    // A day stored with a time in it is still that day.
    expect(rsvpDeadline(new Date('2027-05-16T18:30:00.000Z')).toISOString()).toBe('2027-05-17T12:00:00.000Z');
  });
});

describe('the answers on the guest list', () => {
  it('are counted per answer with the people coming, and filtered', () => {
    const guests = [
      aGuest('a', { answer: 'yes', partySize: 3, answeredAt: at }),
      aGuest('b', { answer: 'yes', partySize: 1, answeredAt: at }),
      aGuest('c', { answer: 'maybe', partySize: 2, answeredAt: at }),
      aGuest('d', { answer: 'no', partySize: 0, answeredAt: at }),
      aGuest('e'),
    ];
    expect(rsvpCounts(guests)).toEqual({ yes: 2, yesPeople: 4, maybe: 1, maybePeople: 2, no: 1, none: 1 });
    const states = guestStates(guests, []);
    expect(states.filter((state) => matchesFilters(state, { rsvp: 'yes' })).map((state) => state.guest.id)).toEqual(['a', 'b']);
    expect(states.filter((state) => matchesFilters(state, { rsvp: 'none' })).map((state) => state.guest.id)).toEqual(['e']);
    expect(states.filter((state) => matchesFilters(state, { rsvp: 'no', gave: 'no' })).map((state) => state.guest.id)).toEqual(['d']);
  });

  it('matches a gift from a link to that guest alone, and one without a link by e-mail, each once', () => {
    const paid = (id: string, email: string, guestId: string | null): MatchableGift => ({
      id,
      registryId: 'r',
      giftGiverName: 'x',
      giftGiverEmail: email,
      currency: 'USD',
      amount: 100,
      childAmount: 90,
      charityAmount: 10,
      platformFee: 3,
      cardFee: 3,
      providerFee: null,
      charityId: 'c',
      personalMessage: null,
      paymentIntentId: null,
      paymentStatus: 'succeeded',
      refundedAtPlatformCost: false,
      shareEmailWithCharity: false,
      createdAt: at,
      guestId,
    });
    const gifts = giftsOfGuests(
      [aGuest('a'), aGuest('b')],
      [paid('1', 'b@example.com', 'a'), paid('2', 'b@example.com', null), paid('3', 'a@example.com', 'gone')],
      [],
      [],
    );
    expect(gifts.map((gift) => [gift.giftId, gift.guestId, gift.matchedBy])).toEqual([
      ['1', 'a', 'link'],
      ['2', 'b', 'email'],
    ]);
  });

  it('counts every gift once at most, the link before the e-mail, and adds up to the cent', () => {
    const paid = (id: string, email: string, guestId: string | null, amount: number): MatchableGift => ({
      id,
      registryId: 'r',
      giftGiverName: 'x',
      giftGiverEmail: email,
      currency: 'USD',
      amount,
      childAmount: amount,
      charityAmount: 0,
      platformFee: 0,
      cardFee: 0,
      providerFee: null,
      charityId: 'c',
      personalMessage: null,
      paymentIntentId: null,
      paymentStatus: 'succeeded',
      refundedAtPlatformCost: false,
      shareEmailWithCharity: false,
      createdAt: at,
      guestId,
    });
    const guests = ['a', 'b', 'c'].map((id) => aGuest(id));
    const drawn = fc.record({
      email: fc.constantFrom('a@example.com', 'B@example.com', 'stranger@example.com'),
      link: fc.constantFrom(null, 'a', 'b', 'gone'),
      amount: fc.integer({ min: 1, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(drawn, { maxLength: 30 }), (draws) => {
        const gifts = draws.map((draw, index) => paid(String(index), draw.email, draw.link, draw.amount));
        const matched = giftsOfGuests(guests, gifts, [], []);
        expect(new Set(matched.map((gift) => gift.giftId)).size).toBe(matched.length);
        // A gift from a link of nobody on the list, or from a stranger's address without one, is nobody's.
        const theirs = gifts.filter((gift) =>
          gift.guestId === null ? !gift.giftGiverEmail.startsWith('stranger') : gift.guestId !== 'gone',
        );
        expect(matched.map((gift) => gift.giftId).sort()).toEqual(theirs.map((gift) => gift.id).sort());
        for (const gift of matched) {
          const source = gifts.find((one) => one.id === gift.giftId)!;
          if (source.guestId !== null) expect([gift.guestId, gift.matchedBy]).toEqual([source.guestId, 'link']);
          else expect([gift.guestId, gift.matchedBy]).toEqual([source.giftGiverEmail.toLowerCase().split('@')[0], 'email']);
        }
        const states = guestStates(guests, matched);
        expect(states.reduce((sum, state) => sum + state.given, 0)).toBe(matched.reduce((sum, gift) => sum + gift.amount, 0));
      }),
    );
  });
});

const SECRET = 'a session secret of at least thirty-two characters';

describe('the personal link', () => {
  const clock = { now: () => new Date('2027-05-01T00:00:00Z') };

  async function world() {
    const guests = new InMemoryGuestRepository();
    // What the link reads of a registry: whether it is there and its day.
    const registry = { id: 'registry-1', isActive: true, celebrationDate: new Date('2027-05-16T00:00:00Z') } as Registry;
    const [guest] = await guests.createMany([
      {
        registryId: registry.id,
        name: 'Dora',
        email: 'dora@example.com',
        partySize: 4,
        street: null,
        city: null,
        region: null,
        postalCode: null,
        country: null,
      },
    ]);
    const registries = { findById: async (id: string) => (id === registry.id ? registry : null) };
    return {
      guests,
      registry,
      guest: guest!,
      ports: {
        guests,
        registries,
        invitationSettings: { findFor: async (registryId: string) => defaultInvitationSettings(registryId) },
        tokens: nodeSecretTokens,
        linkTokens: derivedGuestLinkTokens(SECRET),
        clock,
      },
    };
  }
  const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

  it('is the same link each time, so every e-mail to the guest opens their invitation', async () => {
    const { guest, ports } = await world();
    const first = await issueGuestLink(guest.id, { ...ports, publicUrl: 'https://gifts.example/' });
    expect(first.url).toMatch(/^https:\/\/gifts\.example\/i\/[A-Za-z0-9_-]{43}$/);
    expect((await viewInvitation(tokenOf(first.url), ports)).guest.id).toBe(guest.id);
    const again = await issueGuestLink(guest.id, { ...ports, publicUrl: 'https://gifts.example' });
    expect(again.url).toBe(first.url);
    const answered = await answerInvitation(tokenOf(first.url), { answer: 'maybe', partySize: 2 }, ports);
    expect(answered.guest.rsvp).toEqual({ answer: 'maybe', partySize: 2, answeredAt: clock.now() });
  });

  it('moves to the new secret’s link once issued under it, and the old link stops working', async () => {
    const { guest, ports } = await world();
    const before = await issueGuestLink(guest.id, { ...ports, publicUrl: 'https://gifts.example' });
    const rotated = { ...ports, linkTokens: derivedGuestLinkTokens(`${SECRET}-rotated`) };
    const after = await issueGuestLink(guest.id, { ...rotated, publicUrl: 'https://gifts.example' });
    expect(after.url).not.toBe(before.url);
    await expect(viewInvitation(tokenOf(before.url), ports)).rejects.toMatchObject({ code: 'invitation.not_found' });
    expect((await viewInvitation(tokenOf(after.url), ports)).guest.id).toBe(guest.id);
  });

  it('differs from guest to guest', async () => {
    const { guest, ports } = await world();
    const [other] = await ports.guests.createMany([
      {
        registryId: 'registry-1',
        name: 'Ben',
        email: 'ben@example.com',
        partySize: 1,
        street: null,
        city: null,
        region: null,
        postalCode: null,
        country: null,
      },
    ]);
    expect(other!.id).not.toBe(guest.id);
    expect(ports.linkTokens.tokenFor(other!.id)).not.toBe(ports.linkTokens.tokenFor(guest.id));
  });

  it('is refused for a guest that is not there', async () => {
    const { ports } = await world();
    await expect(issueGuestLink('nobody', { ...ports, publicUrl: 'https://gifts.example' })).rejects.toMatchObject({
      code: 'guest.not_found',
    });
  });
});
