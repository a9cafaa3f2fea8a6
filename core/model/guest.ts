import type { GuestRsvp } from './guest-rsvp';

/**
 * The family's guest list (docs/product.md#the-guest-list): who the family means to invite, kept
 * by the owner and co-owners and shown to nobody else. One line per household, found again by its
 * e-mail address, so the same guest added twice is one line.
 */
export interface Guest {
  id: string;
  registryId: string;
  name: string;
  /** Lower-cased: the key a second line with the same address merges into. */
  email: string;
  /** How many people the invitation is for (the household). */
  partySize: number;
  /** The postal address, for paper thank-you notes; every part optional. */
  street: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
  /** When the family last e-mailed this guest the invitation; null until then (core/invitation/send-invitations.ts). */
  invitedAt: Date | null;
  /** When the one reminder was queued to this guest; set once, never cleared (core/invitation/remind-invited-guests.ts). */
  remindedAt: Date | null;
  /** The guest's own answer from their personal link (core/guest/guest-rsvp.ts), or null before they answer. */
  rsvp: GuestRsvp | null;
  /** Whether the guest has a personal link (core/guest/guest-link.ts); only its digest is kept, so the link itself cannot be shown again. */
  hasPersonalLink: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export type GuestDetails = Pick<Guest, 'name' | 'email' | 'partySize' | 'street' | 'city' | 'region' | 'postalCode' | 'country'>;

/** A large celebration has a few hundred households; past this, a list is someone's mailing list. */
export const MAX_GUESTS_PER_REGISTRY = 500;
/** The columns of a guest list file, in the order a list without a heading line is read (core/guest/guest-csv.ts). */
export const GUEST_CSV_HEADINGS = 'name, email, party size, street, city, state, zip, country';

/** The most people one invitation may be for. */
export const MAX_PARTY_SIZE = 20;
