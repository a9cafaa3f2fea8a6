import { parseCelebrationDate } from '@core/registry/parse-celebration-date';

/** docs/product.md#constants-and-limits: registry dates are shown as 'MMM d, yyyy' (date-fns pattern, for the pages that format with it). */
export const REGISTRY_DATE_FORMAT = 'MMM d, yyyy';

// Written out rather than through date-fns: the guest's pages show only this one date, and the
// library with its locale would be most of what they download to show it.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

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

/** The day as REGISTRY_DATE_FORMAT shows it: 'Mar 14, 2026'. */
export function formatCelebrationDate(iso: string): string {
  const day = celebrationDay(iso);
  return day ? `${MONTHS[day.getMonth()]} ${day.getDate()}, ${String(day.getFullYear()).padStart(4, '0')}` : '';
}

/** Upcoming until the celebration day is over; Past afterwards (a celebration today is upcoming). */
export function isUpcoming(iso: string, now: Date = new Date()): boolean {
  const day = celebrationDay(iso);
  if (day === null) return false;
  const endOfDay = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 59, 59, 999);
  return endOfDay.getTime() > now.getTime();
}

/** The value of an <input type="date"> for a stored celebration date: yyyy-mm-dd. */
export function toDateInputValue(iso: string | null | undefined): string {
  const day = iso ? celebrationDay(iso) : null;
  if (!day) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(day.getFullYear()).padStart(4, '0')}-${two(day.getMonth() + 1)}-${two(day.getDate())}`;
}
