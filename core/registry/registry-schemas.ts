import * as yup from 'yup';
import { hasControlCharacters } from '../control-characters';
import { CURRENCIES, DEFAULT_CURRENCY, type Currency } from '../money';

/**
 * The registry forms and calls, validated by the web form and by the server with the same
 * schemas (spec section 5). Messages the spec quotes are kept word for word.
 */

export const CHILD_NAME_MAX_LENGTH = 100;
export const PERSONAL_MESSAGE_MAX_LENGTH = 2000;
export const PHOTO_URL_MAX_LENGTH = 2048;
export const CHARITY_ID_MAX_LENGTH = 64;

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

const childName = yup
  .string()
  .trim()
  .required("Child's name is required")
  // The name goes into e-mail subjects and page titles; a line break there could forge a header.
  .test('no-control-characters', "Child's name cannot contain line breaks or control characters", (value) => !value || !hasControlCharacters(value))
  .max(CHILD_NAME_MAX_LENGTH, `Child's name must be at most ${CHILD_NAME_MAX_LENGTH} characters`);

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

const currency = yup
  .string<Currency>()
  .oneOf(CURRENCIES, 'Currency must be USD or CAD');

/**
 * POST /api/registries. 'donor-choice' is an empty preferredCharityId with allowCharityChoice
 * true; a specific charity is its id with allowCharityChoice false.
 */
export const createRegistrySchema = yup.object({
  childName,
  celebrationDate,
  currency: currency.default(DEFAULT_CURRENCY),
  personalMessage,
  photoUrl,
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
});
export type CreateRegistryInput = yup.InferType<typeof createRegistrySchema>;

/** PUT /api/registries/{id}. */
export const editRegistrySchema = yup.object({
  childName,
  celebrationDate,
  personalMessage,
  photoUrl,
});
export type EditRegistryInput = yup.InferType<typeof editRegistrySchema>;

/** PATCH /api/registries/{id}/currency. */
export const changeCurrencySchema = yup.object({
  currency: currency.required('Currency is required'),
});
export type ChangeCurrencyInput = yup.InferType<typeof changeCurrencySchema>;
