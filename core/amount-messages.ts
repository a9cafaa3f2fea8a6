import type { Cents } from './money';

export interface AmountBounds {
  min: Cents;
  max: Cents;
}

// The one table of words for a bad amount. The spec gives 'Amount is required' and 'Amount must
// be a positive number' (docs/product.md#validation-rules); the rest are the product's own.

/** Why a text or a number is no amount of money: what readAmount refuses it for. */
export type AmountProblem = 'not-a-number' | 'negative' | 'too-many-decimals' | 'too-large';

/** What is said of each problem where no field's bounds apply (the command line, a thrown UnreadableAmount). */
export const AMOUNT_PROBLEM_MESSAGES: Record<AmountProblem, string> = {
  'not-a-number': 'Amount must be a number',
  negative: 'Amount cannot be negative',
  'too-many-decimals': 'Amount can have at most two decimals',
  'too-large': 'Amount is too large',
};

/** One message for any amount that is no money, where a single one is said for all of them. */
export const UNREADABLE_AMOUNT_MESSAGE = 'Amount must be a number with at most two decimals';

/** The words for the amount an administrator saw on a charity payout. */
export const EXPECTED_AMOUNT_MESSAGES = {
  notANumber: 'expectedAmount: Must be a number',
  notANumberField: 'Must be a number',
  negative: 'Expected amount cannot be negative',
  unreadable: UNREADABLE_AMOUNT_MESSAGE,
} as const;

/** The words for an amount within its bounds: a gift's, online or by hand. */
export function amountMessages(bounds: AmountBounds) {
  return {
    required: 'Amount is required',
    positive: 'Amount must be a positive number',
    notANumber: 'Must be a number',
    decimals: AMOUNT_PROBLEM_MESSAGES['too-many-decimals'],
    smallest: `The smallest gift is ${(bounds.min / 100).toFixed(2)}`,
    largest: `The largest gift is ${Math.floor(bounds.max / 100).toLocaleString('en-US')}.${String(bounds.max % 100).padStart(2, '0')}`,
  } as const;
}

export type AmountMessages = ReturnType<typeof amountMessages>;

/** Which of a field's words (amountMessages) a form or a call says for each problem. */
export const AMOUNT_PROBLEM_WORDS: Record<AmountProblem, keyof AmountMessages> = {
  'not-a-number': 'positive',
  negative: 'positive',
  'too-many-decimals': 'decimals',
  'too-large': 'largest',
};
