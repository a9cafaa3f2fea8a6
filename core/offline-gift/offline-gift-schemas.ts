import * as yup from 'yup';
import { centsField } from '../amount-field';
import { amountMessages } from '../amount-messages';
import { refuseUnsafeNameCharacters } from '../name-characters';
import { MAX_GIFT_CENTS } from '../gift/gift-amounts';
import { OFFLINE_GIFT_METHODS } from '../model/offline-gift';

/** The smallest gift by hand: one cent (a family may record any amount a guest handed over). */
export const MIN_OFFLINE_GIFT_CENTS = 1;
/** The same ceiling as a gift given online: generous, and far from any typo. */
export const MAX_OFFLINE_GIFT_CENTS = MAX_GIFT_CENTS;
/** The spec's words for its amount; core checks it in cents (centsField). */
export const OFFLINE_GIFT_AMOUNT_MESSAGES = amountMessages({ min: MIN_OFFLINE_GIFT_CENTS, max: MAX_OFFLINE_GIFT_CENTS });
export const OFFLINE_GIFT_NOTE_MAX_LENGTH = 500;
/** The earliest day a gift may be dated: before it, the date is a typo. */
export const EARLIEST_OFFLINE_GIFT_DAY = '2000-01-01';

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the text is a real yyyy-mm-dd day (not 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  const match = CALENDAR_DAY.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/**
 * The latest day a gift may be dated: tomorrow in UTC, so a family anywhere on Earth can record
 * a gift dated their own today, and nobody can date one further ahead.
 */
export function latestOfflineGiftDay(now: Date): string {
  return new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * Recording or editing a gift given by hand, the amount in cents, for the owner's dialog and the
 * server alike. `now` bounds the date, so the server passes its clock and the browser its own time.
 */
export function offlineGiftSchema(now: Date) {
  const latest = latestOfflineGiftDay(now);
  return yup.object({
    giftGiverName: refuseUnsafeNameCharacters(yup.string().trim().max(100, 'Name must be at most 100 characters'), 'Name').required(
      'Name is required',
    ),
    giftGiverEmail: yup
      .string()
      .trim()
      .max(255, 'Enter a valid email or leave it empty')
      .email('Enter a valid email or leave it empty')
      .nullable()
      .default(null)
      .transform((value: string | null) => (value === '' ? null : value)),
    amount: centsField({ min: MIN_OFFLINE_GIFT_CENTS, max: MAX_OFFLINE_GIFT_CENTS }),
    method: yup
      .string()
      .oneOf([...OFFLINE_GIFT_METHODS], 'Choose cash, check or other')
      .required('Choose cash, check or other'),
    receivedOn: yup
      .string()
      .trim()
      .required('Date is required')
      .test('calendar-day', 'Enter a date such as 2026-05-17', (value) => value === undefined || isCalendarDay(value))
      .test('not-future', 'The date cannot be in the future', (value) => value === undefined || !isCalendarDay(value) || value <= latest)
      .test(
        'not-too-old',
        `The date cannot be before ${EARLIEST_OFFLINE_GIFT_DAY}`,
        (value) => value === undefined || !isCalendarDay(value) || value >= EARLIEST_OFFLINE_GIFT_DAY,
      ),
    note: yup
      .string()
      .trim()
      .max(OFFLINE_GIFT_NOTE_MAX_LENGTH, `Note must be at most ${OFFLINE_GIFT_NOTE_MAX_LENGTH} characters`)
      .nullable()
      .default(null)
      .transform((value: string | null) => (value === '' ? null : value)),
  });
}
export type OfflineGiftInput = yup.InferType<ReturnType<typeof offlineGiftSchema>>;
