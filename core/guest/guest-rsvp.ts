import { DomainError } from '../errors';
import { refuseUnknownFields } from '../validate';
import { MAX_PARTY_SIZE } from '../model/guest';
import { RSVP_ANSWERS, type GuestRsvp, type RsvpAnswer } from '../model/guest-rsvp';
import { DAY_MS } from '../model/calendar-day';

const RSVP_FIELDS = ['answer', 'partySize'] as const;

/** A day's end has come everywhere once it is noon UTC of the next day (UTC−12 is the last zone to finish it). */
const LAST_ZONE_BEHIND_UTC_MS = 12 * 60 * 60 * 1000;

/**
 * Until when a guest may answer or change their answer: the end of the celebration day wherever
 * on Earth they are (noon UTC the day after), so nobody is told "too late" on the day itself
 * (docs/product.md#rsvp). The registry keeps the day as its UTC midnight.
 */
export function rsvpDeadline(celebrationDate: Date): Date {
  const day = Date.UTC(celebrationDate.getUTCFullYear(), celebrationDate.getUTCMonth(), celebrationDate.getUTCDate());
  return new Date(day + DAY_MS + LAST_ZONE_BEHIND_UTC_MS);
}

export function canStillAnswer(celebrationDate: Date, now: Date): boolean {
  return now.getTime() < rsvpDeadline(celebrationDate).getTime();
}

export function rsvpClosed(): DomainError {
  return new DomainError('rsvp.closed', 'The celebration is over, so answers can no longer change. Your answer as it stood is kept.');
}

function refuse(field: string, message: string): never {
  throw new DomainError('validation.failed', message, { [field]: message });
}

const ANSWER_WORDS = 'answer must be yes, no or maybe';

/**
 * A guest's answer as the page or the API sends it: `answer` yes, no or maybe, and `partySize`,
 * how many come: 1 to MAX_PARTY_SIZE for yes and maybe, 0 or left out for no. Anything else is
 * refused with the field's message.
 */
export function readRsvp(input: unknown, answeredAt: Date): GuestRsvp {
  refuseUnknownFields(input, RSVP_FIELDS);
  const { answer, partySize } = input as { answer?: unknown; partySize?: unknown };
  if (answer === undefined || answer === null || answer === '') refuse('answer', 'Choose an answer: yes, no or maybe');
  if (typeof answer !== 'string' || !(RSVP_ANSWERS as readonly string[]).includes(answer)) refuse('answer', ANSWER_WORDS);
  const chosen = answer as RsvpAnswer;
  if (chosen === 'no') {
    if (partySize !== undefined && partySize !== null && partySize !== 0)
      refuse('partySize', 'Not coming is for nobody: leave out how many, or give 0');
    return { answer: 'no', partySize: 0, answeredAt };
  }
  if (partySize === undefined || partySize === null) refuse('partySize', `Say how many are coming: 1 to ${MAX_PARTY_SIZE}`);
  if (typeof partySize !== 'number' || !Number.isInteger(partySize)) refuse('partySize', 'How many must be a whole number');
  if (partySize < 1) refuse('partySize', 'How many must be at least 1; choose Not coming if nobody is');
  if (partySize > MAX_PARTY_SIZE) refuse('partySize', `How many must be at most ${MAX_PARTY_SIZE}`);
  return { answer: chosen, partySize, answeredAt };
}
