/** Money is an integer count of minor units (cents); floats never hold money in core. */
export type Cents = number;

export const CURRENCIES = ['USD', 'CAD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'USD';

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

// decimal(10,2) holds at most 99,999,999.99; nothing in this product may exceed it.
export const MAX_CENTS: Cents = 9_999_999_999;

/** "1234.50": the form the database's decimal(10,2) columns take. */
export function centsToDecimalString(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const formatters = new Map<Currency, Intl.NumberFormat>();

/** $90.00 for USD, CA$90.00 for CAD. */
export function formatMoney(cents: Cents, currency: Currency): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(cents / 100);
}
