import useSWR from 'swr';
import type { HebrewDateView } from '@api/hebrew-dates';
import type { HebrewCalendarChoice } from '@core/model/hebrew-calendar';
import { parseCelebrationDate } from '@core/registry/parse-celebration-date';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The Hebrew date of the day a form holds, asked of the server (GET /api/hebrew-date) so the
 * calendar library never reaches the browser. Nothing is asked until the day is a whole date.
 */
export function useHebrewDate(day: string, calendar: HebrewCalendarChoice) {
  const complete = CALENDAR_DAY.test(day) && parseCelebrationDate(day) !== null;
  const key = complete ? `/api/hebrew-date?${new URLSearchParams({ date: day, calendar })}` : null;
  // While the next day's answer is on its way, the last one stays rather than flickering away.
  const { data, error, isLoading } = useSWR<HebrewDateView>(key, { keepPreviousData: true });
  return { hebrewDate: complete ? data : undefined, error: error as unknown, isLoading: complete && isLoading };
}
