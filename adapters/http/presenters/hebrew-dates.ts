import type { HebrewDateView } from '@api/hebrew-dates';
import type { HebrewCalendarChoice, HebrewDate } from '@core/model/hebrew-calendar';
import { hebrewDateOf } from '@core/registry/hebrew-date';

export function presentHebrewDate(hebrewDate: HebrewDate): HebrewDateView {
  const { date, hebrew, reading } = hebrewDate;
  return { date, hebrew, reading: reading && { name: reading.name, hebrew: reading.hebrew, festival: reading.festival } };
}

// Every registry shown (a page view, each search tile) carries its Hebrew date, and the calendar
// arithmetic and Hebrew numerals cost more than the rest of a tile. A day's answer never changes,
// so answers are kept by day and schedule; celebrations fall on a few thousand days at most, and
// the whole store is dropped if it ever grows past that.
const KEPT_DAYS = 10_000;
const presented = new Map<string, HebrewDateView>();

/** The Hebrew date of a registry's celebration day, its reading named by the schedule the family chose. */
export function presentCelebrationHebrewDate(registry: { celebrationDate: Date; hebrewCalendar: HebrewCalendarChoice }): HebrewDateView {
  const key = `${registry.celebrationDate.getTime()} ${registry.hebrewCalendar}`;
  let view = presented.get(key);
  if (!view) {
    if (presented.size >= KEPT_DAYS) presented.clear();
    view = deepFrozen(presentHebrewDate(hebrewDateOf(registry.celebrationDate, registry.hebrewCalendar)));
    presented.set(key, view);
  }
  return view;
}

/** Shared by every answer that shows the day, so nothing may change it in place. */
function deepFrozen(view: HebrewDateView): HebrewDateView {
  if (view.reading) Object.freeze(view.reading);
  return Object.freeze(view);
}
