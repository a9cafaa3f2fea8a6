import { toWireAmount } from '@api/amount';
import type { GuestGiftView, GuestLinkView, GuestListView, GuestView, GuestsAddedView, UnmatchedGiftView } from '@api/guests';
import type { GuestLink } from '@core/guest/guest-link';
import type { GuestGift } from '@core/model/guest-gift';
import type { OfflineGift } from '@core/model/offline-gift';
import type { MessageAnswer } from '@api/registries';
import type { Guest } from '@core/model/guest';
import type { GuestsAdded } from '@core/guest/add-guests';
import type { GuestList } from '@core/guest/list-guests';
import { presentRsvp } from './invitations';

export function presentGuest(guest: Guest) {
  return {
    id: guest.id,
    name: guest.name,
    email: guest.email,
    partySize: guest.partySize,
    street: guest.street,
    city: guest.city,
    region: guest.region,
    postalCode: guest.postalCode,
    country: guest.country,
    invitedAt: guest.invitedAt?.toISOString() ?? null,
    remindedAt: guest.remindedAt?.toISOString() ?? null,
    rsvp: presentRsvp(guest.rsvp),
    hasPersonalLink: guest.hasPersonalLink,
    createdAt: guest.createdAt.toISOString(),
  } satisfies GuestView;
}

function presentGuestGift(gift: GuestGift) {
  return {
    id: gift.giftId,
    byHand: gift.byHand,
    amount: toWireAmount(gift.amount),
    givenAt: gift.givenAt.toISOString(),
    matchedBy: gift.matchedBy,
    thankYouStatus: gift.thankYouStatus,
  } satisfies GuestGiftView;
}

function presentUnmatchedGift(gift: OfflineGift) {
  return {
    id: gift.id,
    giftGiverName: gift.giftGiverName,
    amount: toWireAmount(gift.amount),
    method: gift.method,
    receivedOn: gift.receivedOn,
  } satisfies UnmatchedGiftView;
}

export function presentGuestList(list: GuestList) {
  return {
    currency: list.currency,
    guests: list.guests.map((state) => ({
      ...presentGuest(state.guest),
      gifts: state.gifts.map(presentGuestGift),
      given: toWireAmount(state.given),
      thankYou: state.thankYou,
    })),
    filters: list.filters,
    counts: list.counts,
    giftsToThank: list.giftsToThank,
    unmatchedByHand: list.unmatchedByHand.map(presentUnmatchedGift),
  } satisfies GuestListView;
}

export function presentGiftMatched(guest: Guest | null) {
  return { message: guest ? `Matched to ${guest.name}` : 'No guest matched' } satisfies MessageAnswer;
}

export function presentGuestsAdded(result: GuestsAdded) {
  return { added: result.added.map(presentGuest), merged: result.merged.map(presentGuest) } satisfies GuestsAddedView;
}

export function presentGuestRemoved() {
  return { message: 'Guest removed' } satisfies MessageAnswer;
}

export function presentGuestLink(link: GuestLink) {
  return { url: link.url } satisfies GuestLinkView;
}
