/** A date column may arrive as a Date or a string, by driver; the day is what counts. */
export function calendarDay(value: unknown): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
}
