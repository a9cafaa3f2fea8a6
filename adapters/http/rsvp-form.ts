import type { DomainErrorCode, FieldErrors } from '@core/errors';
import { RSVP_PAGE_OUTCOME, type RsvpPageOutcome } from '@api/invitations';

/**
 * The guest page's form as a browser without script posts it (answer, partySize) read into the
 * call's body: a party size typed as anything but digits is no number, and "not coming" drops the
 * number the form always sends.
 */
export function rsvpFormAnswer(form: URLSearchParams): Record<string, unknown> {
  const answer = form.get('answer') ?? undefined;
  const typed = form.get('partySize')?.trim() ?? '';
  const chosen = answer === undefined ? {} : { answer };
  if (answer === 'no' || typed === '') return chosen;
  return { ...chosen, partySize: /^\d+$/.test(typed) ? Number(typed) : Number.NaN };
}

export type RsvpFormOutcome = { saved: true } | { saved: false; code: DomainErrorCode; fields: FieldErrors | undefined };

/** The query string the guest's page is sent back to: what it says above the form (RSVP_PAGE_OUTCOME). */
export function rsvpPageAfter(outcome: RsvpFormOutcome): string {
  let said: RsvpPageOutcome;
  if (outcome.saved) said = 'saved';
  else if (outcome.code === 'rsvp.closed') said = 'closed';
  else if (outcome.code === 'validation.failed' && outcome.fields && 'partySize' in outcome.fields) said = 'party-size';
  else if (outcome.code === 'validation.failed') said = 'answer';
  // A link that does not work: its page says so itself.
  else return '';
  return `?${RSVP_PAGE_OUTCOME}=${said}`;
}
