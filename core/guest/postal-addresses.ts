import type { Guest } from '../model/guest';

/** Whether a paper note can be posted to the guest: a street and a city at least. */
export function hasPostalAddress(guest: Pick<Guest, 'street' | 'city'>): boolean {
  return guest.street !== null && guest.city !== null;
}
