import type { Cents } from './money';

export interface AmountBounds {
  min: Cents;
  max: Cents;
}

/**
 * The spec's words for an amount within its bounds (docs/product.md#validation-rules). Core
 * checks cents; whoever reads an amount from the wire or a form says the rest (not a number,
 * more than two decimals) in the same words.
 */
export function amountMessages(bounds: AmountBounds) {
  return {
    required: 'Amount is required',
    positive: 'Amount must be a positive number',
    notANumber: 'Must be a number',
    decimals: 'Amount can have at most two decimals',
    smallest: `The smallest gift is ${(bounds.min / 100).toFixed(2)}`,
    largest: `The largest gift is ${Math.floor(bounds.max / 100).toLocaleString('en-US')}.${String(bounds.max % 100).padStart(2, '0')}`,
  } as const;
}

export type AmountMessages = ReturnType<typeof amountMessages>;
