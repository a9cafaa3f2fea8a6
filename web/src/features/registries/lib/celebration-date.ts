import { endOfDay, format } from 'date-fns';
import { parseCelebrationDate } from '../../../../../core/registry/registry-schemas';

/** Spec section 9: registry dates are shown as 'MMM d, yyyy'. */
export const REGISTRY_DATE_FORMAT = 'MMM d, yyyy';

/**
 * The celebration is a calendar day, stored as midnight UTC of that day. Its UTC date part is the
 * day, wherever the browser is: 2026-03-14T00:00:00Z is Mar 14, 2026 in New York and in Sydney
 * alike. Answers that day as a local date, or null when the text is not a date.
 */
export function celebrationDay(iso: string): Date | null {
  const moment = parseCelebrationDate(iso);
  if (!moment) return null;
  return new Date(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate());
}

export function formatCelebrationDate(iso: string): string {
  const day = celebrationDay(iso);
  return day ? format(day, REGISTRY_DATE_FORMAT) : '';
}

/** Upcoming until the celebration day is over; Past afterwards (a celebration today is upcoming). */
export function isUpcoming(iso: string, now: Date = new Date()): boolean {
  const day = celebrationDay(iso);
  return day !== null && endOfDay(day).getTime() > now.getTime();
}

/** The value of an <input type="date"> for a stored celebration date: yyyy-mm-dd. */
export function toDateInputValue(iso: string | null | undefined): string {
  const day = iso ? celebrationDay(iso) : null;
  return day ? format(day, 'yyyy-MM-dd') : '';
}
