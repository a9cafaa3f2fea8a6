import { DomainError } from '../errors';
import { refuseUnknownFields, validate } from '../validate';
import { DEFAULT_HEBREW_CALENDAR, type HebrewDate } from '../model/hebrew-calendar';
import { hebrewDateOf } from './hebrew-date';
import { hebrewDateQuerySchema } from './registry-schemas';

/**
 * The Hebrew date the create and edit forms show as the family picks a day. Anyone may ask: it
 * is a calendar, not a registry. A repeated parameter is refused rather than guessed at.
 */
export async function lookUpHebrewDate(query: unknown): Promise<HebrewDate> {
  const params = { ...((query ?? {}) as Record<string, unknown>) };
  refuseUnknownFields(params, ['date', 'calendar']);
  for (const [field, value] of Object.entries(params)) {
    if (typeof value !== 'string') throw new DomainError('validation.failed', `Give ${field} once`, { [field]: `Give ${field} once` });
  }
  const valid = await validate(hebrewDateQuerySchema, params);
  return hebrewDateOf(new Date(`${valid.date}T00:00:00.000Z`), valid.calendar ?? DEFAULT_HEBREW_CALENDAR);
}
