import { centsToDecimalString, type Cents } from '@core/money';

/**
 * Money on the wire: a JSON number with at most two decimals in the registry's currency (106.39),
 * while core counts integer cents. These two functions are the only crossing between the forms;
 * the server uses the first to answer, the browser the second to read an answer (and the first to
 * send a gift's amount).
 */
export const amountSchema = { type: 'number', minimum: 0 } as const;
export const nullableAmountSchema = { type: ['number', 'null'], minimum: 0 } as const;

export type WireAmount = number;

/** Cents as the API carries them: 10639 becomes 106.39, read through its exact decimal form. */
export function toWireAmount(cents: Cents): WireAmount {
  return Number(centsToDecimalString(cents));
}

/** An amount the API answered (106.39) back into cents; anything but a finite number reads as 0. */
export function fromWireAmount(amount: WireAmount): Cents {
  return Number.isFinite(amount) ? Math.round(amount * 100) : 0;
}
