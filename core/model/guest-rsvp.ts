/** A guest's answer to the invitation: coming, not coming, or not sure yet. */
export const RSVP_ANSWERS = ['yes', 'no', 'maybe'] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];

/** What a guest answered from their personal link, and when they last changed it. */
export interface GuestRsvp {
  answer: RsvpAnswer;
  /** How many of the household come (or may): 1 to MAX_PARTY_SIZE for yes and maybe, 0 for no. */
  partySize: number;
  answeredAt: Date;
}

/** The field of a gift's start that carries the personal link's token the giver came by (core/gift/start-gift.ts). */
export const GUEST_LINK_FIELD = 'guestLink';
