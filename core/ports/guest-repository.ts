import type { Guest, GuestDetails } from '../model/guest';
import type { GuestGift } from '../model/guest-gift';
import type { GuestRsvp } from '../model/guest-rsvp';

export type NewGuest = GuestDetails & Pick<Guest, 'registryId'>;

/** The family's guest list (core/model/guest.ts): one line per e-mail address and registry. */
export interface GuestRepository {
  /** Several guests at once; inside a transaction, all of them or none. */
  createMany(guests: readonly NewGuest[]): Promise<Guest[]>;
  /** Replaces the guest's fields; fails with guest.not_found for an unknown id. */
  update(id: string, details: GuestDetails): Promise<Guest>;
  /** Null for an unknown id, including one that is not a uuid at all. */
  findById(id: string): Promise<Guest | null>;
  /** By name (case aside), then the earliest added first. */
  listByRegistry(registryId: string): Promise<Guest[]>;
  /** Answers whether there was one. */
  delete(id: string): Promise<boolean>;
  /** Each gift of the registry that belongs to a guest on its list (core/guest/guest-gifts.ts's rule), oldest first. */
  giftsOfGuests(registryId: string): Promise<GuestGift[]>;
  /**
   * Gives the guest a new personal link's digest in place of any before (the old link stops
   * working); answers false for an unknown guest.
   */
  replaceLinkDigest(id: string, tokenHash: string): Promise<boolean>;
  /** The guest whose personal link has this digest now, or null. */
  findByLinkDigest(tokenHash: string): Promise<Guest | null>;
  /** Records the guest's answer in place of any before; fails with guest.not_found for an unknown id. */
  recordRsvp(id: string, rsvp: GuestRsvp): Promise<Guest>;
  /** Records that these guests were e-mailed the invitation now (a resend moves the date). */
  markInvited(guestIds: readonly string[], at: Date): Promise<void>;
  /**
   * Claims the registry's guests due their one reminder, and answers them: invited before
   * `invitedBefore`, never reminded, who have neither answered nor given, and whose address is not
   * unsubscribed from invitations. One conditional update (reminded_at set where it was null), so
   * of two instances claiming at once each guest goes to one; the caller queues the reminders in
   * the same transaction.
   */
  claimReminders(registryId: string, invitedBefore: Date, at: Date, limit: number): Promise<Guest[]>;
}
