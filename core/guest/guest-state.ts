import type { Cents } from '../money';
import type { ThankYouStatus } from '../model/thank-you-status';
import type { Guest } from '../model/guest';
import type { GuestGift } from '../model/guest-gift';
import type { GuestFilterName, GuestFilters } from './guest-list-query';

/** A guest's line followed from invitation to thank-you: what they gave and whether they were thanked. */
export interface GuestState {
  guest: Guest;
  /** Their gifts, oldest first (core/guest/guest-gifts.ts says which are theirs). */
  gifts: GuestGift[];
  /** What they gave together, before the 90/10 split. */
  given: Cents;
  /**
   * Null for a guest who has not given. Sent once every gift of theirs has a card sent and
   * delivered; otherwise the most pressing: Not Delivered, then Draft, then No Card.
   */
  thankYou: ThankYouStatus | null;
}

function thankYouOf(gifts: readonly GuestGift[]): ThankYouStatus | null {
  if (gifts.length === 0) return null;
  const statuses = new Set(gifts.map((gift) => gift.thankYouStatus));
  for (const status of ['not_delivered', 'none', 'draft'] as const) if (statuses.has(status)) return status;
  return 'sent';
}

export function guestStates(guests: readonly Guest[], gifts: readonly GuestGift[]): GuestState[] {
  // Grouped once, so a list of hundreds against a registry of thousands of gifts stays one pass.
  const byGuest = new Map<string, GuestGift[]>();
  for (const gift of gifts) {
    const theirs = byGuest.get(gift.guestId);
    if (theirs) theirs.push(gift);
    else byGuest.set(gift.guestId, [gift]);
  }
  return guests.map((guest) => {
    const theirs = byGuest.get(guest.id) ?? [];
    return { guest, gifts: theirs, given: theirs.reduce((sum, gift) => sum + gift.amount, 0), thankYou: thankYouOf(theirs) };
  });
}

/** What each filter's value keeps: "not thanked" is a guest who gave and is still owed a card. */
const FILTER_TESTS: { [name in GuestFilterName]: Record<NonNullable<GuestFilters[name]>, (state: GuestState) => boolean> } = {
  invited: { yes: (state) => state.guest.invitedAt !== null, no: (state) => state.guest.invitedAt === null },
  gave: { yes: (state) => state.gifts.length > 0, no: (state) => state.gifts.length === 0 },
  thanked: { yes: (state) => state.thankYou === 'sent', no: (state) => state.thankYou !== null && state.thankYou !== 'sent' },
  rsvp: {
    yes: (state) => state.guest.rsvp?.answer === 'yes',
    no: (state) => state.guest.rsvp?.answer === 'no',
    maybe: (state) => state.guest.rsvp?.answer === 'maybe',
    none: (state) => state.guest.rsvp === null,
  },
};

export function matchesFilters(state: GuestState, filters: GuestFilters): boolean {
  return Object.entries(filters).every(([name, value]) =>
    (FILTER_TESTS[name as GuestFilterName] as Record<string, (state: GuestState) => boolean>)[value]!(state),
  );
}

/** The answers so far, whatever the filters: households per answer, and the people coming and maybe coming. */
export interface RsvpCounts {
  yes: number;
  /** The people the "yes" households say are coming. */
  yesPeople: number;
  maybe: number;
  maybePeople: number;
  no: number;
  /** Not answered yet. */
  none: number;
}

export function rsvpCounts(guests: readonly Guest[]): RsvpCounts {
  const counts: RsvpCounts = { yes: 0, yesPeople: 0, maybe: 0, maybePeople: 0, no: 0, none: 0 };
  for (const { rsvp } of guests) {
    if (rsvp === null) counts.none += 1;
    else if (rsvp.answer === 'yes') {
      counts.yes += 1;
      counts.yesPeople += rsvp.partySize;
    } else if (rsvp.answer === 'maybe') {
      counts.maybe += 1;
      counts.maybePeople += rsvp.partySize;
    } else counts.no += 1;
  }
  return counts;
}

/** The gifts of guests who gave and are still owed a card: what "Send thank-you cards to givers" opens. */
export function giftsToThank(states: readonly GuestState[]): string[] {
  return states.flatMap((state) => state.gifts.filter((gift) => gift.thankYouStatus !== 'sent').map((gift) => gift.giftId));
}
