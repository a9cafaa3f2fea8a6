import type { RsvpAnswer } from '@core/model/guest-rsvp';
import type { RsvpPageOutcome } from '@api/invitations';
import { MAX_PARTY_SIZE } from '@core/model/guest';

/** The three choices, in the order the page offers them. */
export const RSVP_CHOICES: { answer: RsvpAnswer; label: string }[] = [
  { answer: 'yes', label: 'Coming' },
  { answer: 'maybe', label: 'Maybe' },
  { answer: 'no', label: 'Not coming' },
];

/** The guest's answer as the page states it: "Coming, 3 people". */
export function answerWords(answer: RsvpAnswer, partySize: number): string {
  if (answer === 'no') return 'Not coming';
  const people = `${partySize} ${partySize === 1 ? 'person' : 'people'}`;
  return answer === 'yes' ? `Coming, ${people}` : `Maybe, ${people}`;
}

/** What the page says after its form was posted without script (POST /i/{token}, back with ?rsvp=…). */
export const OUTCOME_WORDS: Record<RsvpPageOutcome, { severity: 'success' | 'error' | 'warning'; text: string }> = {
  saved: { severity: 'success', text: 'Thank you! Your answer is saved.' },
  closed: { severity: 'warning', text: 'The celebration is over, so answers can no longer change.' },
  answer: { severity: 'error', text: 'Choose Coming, Maybe or Not coming, then send your answer.' },
  'party-size': { severity: 'error', text: `Say how many are coming: a number from 1 to ${MAX_PARTY_SIZE}.` },
};
