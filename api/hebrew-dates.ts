import { HEBREW_CALENDARS } from '@core/model/hebrew-calendar';
import { exactObject, flag, oneOfValues, text, type Wire } from './json-schema';
import { operation } from './operation';

export const hebrewCalendarSchema = oneOfValues(HEBREW_CALENDARS);

const torahReadingSchema = exactObject({
  /** "Parashat Vayeshev", or a festival's name when its reading replaces the week's. */
  name: text,
  /** The same in Hebrew script, for a lang="he" line. */
  hebrew: text,
  festival: flag,
});

/** A celebration's Hebrew date, computed by the server so the calendar never ships to a guest's browser. */
export const hebrewDateSchema = exactObject({
  /** "25 Kislev 5787". */
  date: text,
  /** "כ״ה כסלו תשפ״ז". */
  hebrew: text,
  /** The Shabbat's reading when the day is a Saturday, else null. */
  reading: { anyOf: [torahReadingSchema, { type: 'null' }] },
});
export type HebrewDateView = Wire<typeof hebrewDateSchema>;

export const hebrewDateOperations = [
  operation({
    method: 'GET',
    path: '/api/hebrew-date',
    operationId: 'getHebrewDate',
    session: 'none',
    summary: 'The Hebrew date of a calendar day and, on a Saturday, its Torah reading',
    query: {
      date: { description: 'A calendar day, YYYY-MM-DD', required: true },
      calendar: { description: 'Whose Torah-reading schedule: diaspora (the default) or israel' },
    },
    responses: { 200: { description: 'The Hebrew date', schema: hebrewDateSchema } },
  }),
];
