// Apart from the schemas, so a page that only shows a date does not load the validation library.

/** Years a celebration date may fall in; a typo like 0202 is refused. */
const EARLIEST_YEAR = 1900;
const LATEST_YEAR = 2199;

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;

/**
 * Reads a celebration date: a calendar date as a date input gives it ("2026-03-14", taken as
 * midnight UTC) or an ISO date-time with its zone ("2026-03-14T00:00:00.000Z"). Dates that do not
 * exist (2026-02-30) and date-times without a zone (read differently in every time zone) are
 * refused with null.
 */
export function parseCelebrationDate(text: string): Date | null {
  const match = DATE_TEXT.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, time] = match;
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (y < EARLIEST_YEAR || y > LATEST_YEAR) return null;
  const calendar = new Date(Date.UTC(y, m - 1, d));
  if (calendar.getUTCFullYear() !== y || calendar.getUTCMonth() !== m - 1 || calendar.getUTCDate() !== d) return null;
  if (!time) return calendar;
  const moment = new Date(text.trim());
  return Number.isNaN(moment.getTime()) ? null : moment;
}
