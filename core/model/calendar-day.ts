/** A calendar day's length in milliseconds: the product keeps its days (celebrations, retention, reminders) in UTC, which has no daylight saving. */
export const DAY_MS = 86_400_000;

/** Midnight UTC of the day an instant falls in: how the product keeps a calendar day. */
export function startOfUtcDay(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / DAY_MS) * DAY_MS);
}
