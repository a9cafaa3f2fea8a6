import type { HebrewDateView } from '@api/hebrew-dates';
import type { HebrewCalendarChoice, HebrewDate } from '@core/registry/hebrew-calendar';
import { hebrewDateOf } from '@core/registry/hebrew-date';

export function presentHebrewDate(hebrewDate: HebrewDate): HebrewDateView {
  const { date, hebrew, reading } = hebrewDate;
  return { date, hebrew, reading: reading && { name: reading.name, hebrew: reading.hebrew, festival: reading.festival } };
}

/** The Hebrew date of a registry's celebration day, its reading named by the schedule the family chose. */
export function presentCelebrationHebrewDate(registry: { celebrationDate: Date; hebrewCalendar: HebrewCalendarChoice }): HebrewDateView {
  return presentHebrewDate(hebrewDateOf(registry.celebrationDate, registry.hebrewCalendar));
}
