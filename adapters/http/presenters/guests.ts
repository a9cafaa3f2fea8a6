import type { GuestListView, GuestView, GuestsAddedView } from '@api/guests';
import type { MessageAnswer } from '@api/registries';
import type { Guest } from '@core/model/guest';
import type { GuestsAdded } from '@core/guest/add-guests';
import type { GuestList } from '@core/guest/list-guests';

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
    createdAt: guest.createdAt.toISOString(),
  } satisfies GuestView;
}

export function presentGuestList(list: GuestList) {
  return { guests: list.guests.map(presentGuest), counts: list.counts } satisfies GuestListView;
}

export function presentGuestsAdded(result: GuestsAdded) {
  return { added: result.added.map(presentGuest), merged: result.merged.map(presentGuest) } satisfies GuestsAddedView;
}

export function presentGuestRemoved() {
  return { message: 'Guest removed' } satisfies MessageAnswer;
}
