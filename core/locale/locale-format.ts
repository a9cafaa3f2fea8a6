import type { Cents, Currency } from '../money';
import { INTL_TAGS, type Locale } from './locales';

const moneyFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * An amount as the language writes it: `$1,234.56` and `CA$1,234.56` in English, `1 234,56 $` and
 * `1 234,56 $ US` in French. Intl's spaces are kept: fr-CA writes them as no-break spaces
 * (U+00A0), so an amount never breaks across two lines.
 */
export function formatMoneyIn(locale: Locale, cents: Cents, currency: Currency): string {
  const key = `${locale} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_TAGS[locale], { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(cents / 100);
}

/** A calendar day ("2027-06-18") as the language writes it: `June 18, 2027`, `18 juin 2027`. */
export function formatDayIn(locale: Locale, day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`"${day}" is not a day written YYYY-MM-DD`);
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_TAGS[locale], { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
    dateFormats.set(locale, format);
  }
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) throw new RangeError(`"${day}" is not a calendar day`);
  return format.format(date);
}
