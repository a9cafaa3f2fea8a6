import * as yup from 'yup';
import { refuseUnsafeNameCharacters } from '../name-characters';
import { CURRENCIES, DEFAULT_CURRENCY, type Currency } from '../money';
import { CELEBRATION_TYPES, DEFAULT_CELEBRATION_TYPE, type CelebrationType } from '../model/celebration-title';
import { DEFAULT_HEBREW_CALENDAR, HEBREW_CALENDARS, type HebrewCalendarChoice } from '../model/hebrew-calendar';
import { parseCelebrationDate } from './parse-celebration-date';
import { PHOTO_FOCUS_MAX, PHOTO_FOCUS_MIN } from '../model/photo-focus';

export { parseCelebrationDate };

/**
 * The registry forms and calls, validated by the web form and by the server with the same
 * schemas (docs/product.md#validation-rules). Messages the spec quotes are kept word for word.
 */

export const CHILD_NAME_MAX_LENGTH = 100;
export const PERSONAL_MESSAGE_MAX_LENGTH = 2000;
const PHOTO_URL_MAX_LENGTH = 2048;
const CHARITY_ID_MAX_LENGTH = 64;

// The name goes into e-mail subjects, page titles and link previews.
const childName = refuseUnsafeNameCharacters(yup.string().trim().required("Child's name is required"), "Child's name").max(
  CHILD_NAME_MAX_LENGTH,
  `Child's name must be at most ${CHILD_NAME_MAX_LENGTH} characters`,
);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Sent and stored as an ISO string. The form's yyyy-mm-dd is cast to midnight UTC of that day;
 * a date-time is left as written (the server keeps the calendar day it names).
 */
const celebrationDate = yup
  .string()
  .transform((value: unknown) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    return DATE_ONLY.test(text) && parseCelebrationDate(text) ? `${text}T00:00:00.000Z` : text;
  })
  .required('Celebration date is required')
  .test('is-date', 'Celebration date must be a valid date', (value) => !value || parseCelebrationDate(value) !== null);

const personalMessage = yup
  .string()
  .trim()
  .max(PERSONAL_MESSAGE_MAX_LENGTH, `Personal message must be at most ${PERSONAL_MESSAGE_MAX_LENGTH} characters`)
  .default('');

/** The URL the upload call answered; no photo is null (an empty string counts as none). */
const photoUrl = yup
  .string()
  .trim()
  .transform((value: unknown) => (value === '' ? null : value))
  .max(PHOTO_URL_MAX_LENGTH, 'Photo address is too long')
  .nullable()
  .default(null);

const RANGE_MESSAGE = `must be a whole number from ${PHOTO_FOCUS_MIN} to ${PHOTO_FOCUS_MAX}`;

function focusAxis(name: string) {
  const message = `${name} ${RANGE_MESSAGE}`;
  return yup.number().typeError(message).nonNullable(message).integer(message).min(PHOTO_FOCUS_MIN, message).max(PHOTO_FOCUS_MAX, message);
}

/** The photo's focal point (photo-focus.ts), optional in both calls: without it the point is kept, or centred on a new photo. */
const photoFocusFields = {
  photoFocusX: focusAxis('Focal point across'),
  photoFocusY: focusAxis('Focal point down'),
};

/** Optional: a family that does not answer is taken as preferring not to say. */
const celebrationType = yup
  .string<CelebrationType>()
  .oneOf(
    CELEBRATION_TYPES,
    "Celebration must be one of bar (Bar Mitzvah), bat (Bat Mitzvah), bnai (B'nai Mitzvah) or unspecified (prefer not to say)",
  );

/** Optional: without it a registry follows the diaspora's Torah readings. */
const hebrewCalendar = yup.string<HebrewCalendarChoice>().oneOf(HEBREW_CALENDARS, 'Hebrew calendar must be diaspora or israel');

const currency = yup.string<Currency>().oneOf(CURRENCIES, 'Currency must be USD or CAD');

/**
 * POST /api/registries. 'donor-choice' is an empty preferredCharityId with allowCharityChoice
 * true; a specific charity is its id with allowCharityChoice false.
 */
export const createRegistrySchema = yup.object({
  childName,
  celebrationType: celebrationType.default(DEFAULT_CELEBRATION_TYPE),
  celebrationDate,
  hebrewCalendar: hebrewCalendar.default(DEFAULT_HEBREW_CALENDAR),
  currency: currency.default(DEFAULT_CURRENCY),
  personalMessage,
  photoUrl,
  ...photoFocusFields,
  preferredCharityId: yup
    .string()
    .trim()
    .max(CHARITY_ID_MAX_LENGTH, 'Please choose a charity from the list')
    .default('')
    .when('allowCharityChoice', {
      is: false,
      then: (schema) => schema.required('Please choose a charity'),
    }),
  allowCharityChoice: yup.boolean().default(true),
  unlisted: yup.boolean().default(false),
});
export type CreateRegistryInput = yup.InferType<typeof createRegistrySchema>;

/**
 * PUT /api/registries/{id}. Without unlisted, celebrationType or hebrewCalendar, the registry keeps
 * what it had; without a focal point, it keeps its own unless the photo changed (photo-focus.ts).
 */
export const editRegistrySchema = yup.object({
  childName,
  celebrationType,
  celebrationDate,
  hebrewCalendar,
  personalMessage,
  photoUrl,
  ...photoFocusFields,
  unlisted: yup.boolean(),
});
export type EditRegistryInput = yup.InferType<typeof editRegistrySchema>;

/** PATCH /api/registries/{id}/currency. */
export const changeCurrencySchema = yup.object({
  currency: currency.required('Currency is required'),
});
export type ChangeCurrencyInput = yup.InferType<typeof changeCurrencySchema>;

/**
 * GET /api/hebrew-date: the create and edit forms show the Hebrew date as the family picks the
 * day. A calendar day as the date input gives it, and the schedule to name the reading by.
 */
export const hebrewDateQuerySchema = yup.object({
  date: yup
    .string()
    .trim()
    .required('Date is required')
    .test(
      'is-day',
      'Date must be a calendar day (YYYY-MM-DD)',
      (value) => !value || (DATE_ONLY.test(value) && parseCelebrationDate(value) !== null),
    ),
  calendar: hebrewCalendar.default(DEFAULT_HEBREW_CALENDAR),
});
export type HebrewDateQuery = yup.InferType<typeof hebrewDateQuerySchema>;
