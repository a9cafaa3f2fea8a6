/**
 * What the family sets once for the e-mailed invitations of a registry
 * (docs/product.md#invitations-by-e-mail): their message, when and where the celebration is, and
 * how many days before the date the one reminder goes. A registry whose family never saved any
 * has the defaults (no message, no time or place, the reminder 7 days before).
 */
export interface InvitationSettings {
  registryId: string;
  /** The family's words, as written; empty is none. */
  message: string;
  /** The celebration's starting time, "HH:MM" on a 24-hour clock, the family's local time; null is none (an all-day event). */
  startTime: string | null;
  /** Where it is, as the family writes it (a hall and its address); null is none. */
  place: string | null;
  /** How many days before the date the reminder goes; null is off. */
  reminderDays: ReminderDays | null;
  updatedAt: Date | null;
}

/** The reminder's choices: a few days, a week or two weeks before. */
export const REMINDER_DAY_CHOICES = [3, 7, 14] as const;
export type ReminderDays = (typeof REMINDER_DAY_CHOICES)[number];
export const DEFAULT_REMINDER_DAYS: ReminderDays = 7;

/** A short note, not a letter: it has to fit above the celebration's details on a phone. */
export const MAX_INVITATION_MESSAGE_LENGTH = 1000;
export const MAX_PLACE_LENGTH = 300;

export function defaultInvitationSettings(registryId: string): InvitationSettings {
  return { registryId, message: '', startTime: null, place: null, reminderDays: DEFAULT_REMINDER_DAYS, updatedAt: null };
}

/**
 * Invitation e-mails one registry may send in a day: its whole list once, and a few resends. The
 * list's cap (MAX_GUESTS_PER_REGISTRY) bounds the rest; the adapter counts the day.
 */
export const INVITATION_RESENDS_PER_DAY = 25;
/** Invitation e-mails one account may send in a day across all its registries (twins' two lists, with resends). */
export const INVITATIONS_PER_ACCOUNT_PER_DAY = 1000;
