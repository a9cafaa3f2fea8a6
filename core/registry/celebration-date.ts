import { DomainError } from '../errors';
import { parseCelebrationDate } from './registry-schemas';

/**
 * The celebration is a calendar day. Whatever time or zone the ISO text carries, the day as
 * written is kept, at midnight UTC, so every time zone shows the same date.
 */
export function celebrationDay(text: string): Date {
  if (!parseCelebrationDate(text)) {
    throw new DomainError('validation.failed', 'Celebration date must be a valid date', { celebrationDate: 'Not a date' });
  }
  return new Date(`${text.trim().slice(0, 10)}T00:00:00.000Z`);
}
