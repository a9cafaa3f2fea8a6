import { DomainError } from '../errors';
import { refuseUnknownFields, validate } from '../validate';
import type { GuestDetails } from '../model/guest';
import { GUEST_FIELDS, guestSchema } from './guest-schemas';

/** A guest's fields checked against the family's form rules; the e-mail lower-cased, the key a guest is found by. */
export async function guestDetails(input: unknown): Promise<GuestDetails> {
  refuseUnknownFields(input, GUEST_FIELDS);
  const valid = await validate(guestSchema, input);
  return {
    name: valid.name,
    email: valid.email.toLowerCase(),
    partySize: valid.partySize,
    street: valid.street ?? null,
    city: valid.city ?? null,
    region: valid.region ?? null,
    postalCode: valid.postalCode ?? null,
    country: valid.country ?? null,
  };
}

/**
 * A line for a guest already on the list: the new line's name and party size, and each part of
 * the address it gives (a line without an address keeps the one the family had).
 */
export function mergedGuest(before: GuestDetails, line: GuestDetails): GuestDetails {
  return {
    name: line.name,
    email: before.email,
    partySize: line.partySize,
    street: line.street ?? before.street,
    city: line.city ?? before.city,
    region: line.region ?? before.region,
    postalCode: line.postalCode ?? before.postalCode,
    country: line.country ?? before.country,
  };
}

/** Past the cap: nothing of the request is kept. */
export function guestListFull(max: number, wouldHold: number): DomainError {
  return new DomainError(
    'validation.failed',
    `A guest list can hold at most ${max} guests; this would make ${wouldHold}. Remove some first.`,
  );
}
