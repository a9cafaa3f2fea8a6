/**
 * The time zone a receipt's day is read in. The charities we work with are in the United States
 * and Canada; one zone for both keeps a receipt's day, and its year, the same whoever reads it,
 * and US Eastern time is where most of their donors' year ends last but for the west coast
 * (docs/product.md#charity-receipts).
 */
export const RECEIPT_TIME_ZONE = 'America/New_York';

const DAY_FORMAT = new Intl.DateTimeFormat('en-CA', { timeZone: RECEIPT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The day (YYYY-MM-DD) an instant falls on in the receipts' time zone. */
export function receiptDay(at: Date): string {
  return DAY_FORMAT.format(at);
}
