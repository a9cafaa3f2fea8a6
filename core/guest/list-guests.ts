import type { User } from '../model/user';
import type { Currency } from '../money';
import type { OfflineGift } from '../model/offline-gift';
import type { Repositories } from '../ports/repositories';
import { guestListRegistry } from '../access/guest-access';
import { parseGuestListQuery, type GuestFilters } from './guest-list-query';
import { giftsToThank, guestStates, matchesFilters, rsvpCounts, type GuestState, type RsvpCounts } from './guest-state';

export interface GuestList {
  /** The registry's: what every amount is in. */
  currency: Currency;
  /** The guests the filters keep, by name. */
  guests: GuestState[];
  filters: GuestFilters;
  /** Of the whole list, whatever the filters. */
  counts: {
    /** Lines on the list (households). */
    guests: number;
    /** The people they are for: the sum of the party sizes. */
    people: number;
    /** Guests e-mailed the invitation. */
    invited: number;
    gave: number;
    thanked: number;
    /** Gave, and are still owed a card. */
    notThanked: number;
    /** The guests' answers from their personal links. */
    rsvp: RsvpCounts;
  };
  /** The gifts of givers still owed a card (the whole list's), for the thank-you cards page. */
  giftsToThank: string[];
  /** Gifts given by hand not matched to any guest yet, for the family to match. */
  unmatchedByHand: OfflineGift[];
}

type Ports = Pick<Repositories, 'registries' | 'guests' | 'offlineGifts'>;

/**
 * The registry's guest list, for its family alone, each guest with their answer, what they gave
 * and whether they were thanked, filtered as asked. The query is read after the permission, so a stranger learns
 * nothing from a bad one.
 */
export async function listGuests(actor: User | null, registryId: string, query: unknown, ports: Ports): Promise<GuestList> {
  const registry = await guestListRegistry(registryId, actor, ports.registries);
  const filters = parseGuestListQuery(query);
  const [guests, gifts, byHand] = await Promise.all([
    ports.guests.listByRegistry(registry.id),
    ports.guests.giftsOfGuests(registry.id),
    ports.offlineGifts.listByRegistry(registry.id),
  ]);
  const states = guestStates(guests, gifts);
  const countOf = (filter: GuestFilters) => states.filter((state) => matchesFilters(state, filter)).length;
  const matched = new Set(gifts.filter((gift) => gift.byHand).map((gift) => gift.giftId));
  return {
    currency: registry.currency,
    guests: states.filter((state) => matchesFilters(state, filters)),
    filters,
    counts: {
      guests: guests.length,
      people: guests.reduce((sum, guest) => sum + guest.partySize, 0),
      invited: countOf({ invited: 'yes' }),
      gave: countOf({ gave: 'yes' }),
      thanked: countOf({ thanked: 'yes' }),
      notThanked: countOf({ thanked: 'no' }),
      rsvp: rsvpCounts(guests),
    },
    giftsToThank: giftsToThank(states),
    unmatchedByHand: byHand.filter((gift) => !matched.has(gift.id)),
  };
}
