import { centsToDecimalString, type Cents } from '@core/money';
import { readWireAmount } from '@core/read-amount';

/**
 * Money on the wire: a JSON number with at most two decimals in the registry's currency (106.39),
 * while core counts integer cents. This pair and core/read-amount.ts are the only crossing between the
 * forms: the server answers with the first, and reads what comes in with readWireAmount; the
 * browser reads an answer with the second (and sends a gift's amount with the first).
 */
export const amountSchema = { type: 'number', minimum: 0 } as const;
export const nullableAmountSchema = { type: ['number', 'null'], minimum: 0 } as const;

export type WireAmount = number;

/** Cents as the API carries them: 10639 becomes 106.39, read through its exact decimal form. */
export function toWireAmount(cents: Cents): WireAmount {
  return Number(centsToDecimalString(cents));
}

/**
 * An amount the API answered (106.39, or below zero for what an account moved) back into cents,
 * by the same strict reader as the server's: an answer that is not money throws rather than
 * showing as 0.
 */
export function fromWireAmount(amount: WireAmount): Cents {
  return readWireAmount(amount, { negative: true });
}
