import type { AmountMessages } from '@core/amount-messages';
import type { Cents } from '@core/money';

/** Why an amount is not money: each caller words it for its own field (a form, a call, the command line). */
export type AmountProblem = 'not-a-number' | 'negative' | 'too-many-decimals' | 'too-large';

const MESSAGES: Record<AmountProblem, string> = {
  'not-a-number': 'Amount must be a number',
  negative: 'Amount cannot be negative',
  'too-many-decimals': 'Amount can have at most two decimals',
  'too-large': 'Amount is too large',
};

/** Which of the spec's words for an amount (core's amountMessages) a form or a call says for each problem. */
export const AMOUNT_PROBLEM_WORDS: Record<AmountProblem, keyof AmountMessages> = {
  'not-a-number': 'positive',
  negative: 'positive',
  'too-many-decimals': 'decimals',
  'too-large': 'largest',
};

export class UnreadableAmount extends Error {
  readonly problem: AmountProblem;

  constructor(problem: AmountProblem) {
    super(MESSAGES[problem]);
    this.name = 'UnreadableAmount';
    this.problem = problem;
  }
}

/**
 * The most a read amount may hold: 15 significant digits. A double holds every decimal of 15
 * digits exactly and prints it back the same, so nothing beyond it can be read without guessing
 * which cent was meant. Far above anything the product takes (MAX_CENTS).
 */
export const MAX_READABLE_CENTS: Cents = 999_999_999_999_999;

export interface ReadAmountOptions {
  /** Amounts that may be below zero (what an account moved); refused unless said. */
  negative?: boolean;
  /** Also a decimal string ("9.99"), as the command line gives it; the JSON wire carries numbers only. */
  text?: boolean;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * The one reader of incoming money: a wire amount (106.39) into integer cents (10639), or an
 * UnreadableAmount saying why not. A number is read through its shortest decimal form, so
 * 0.1 + 0.2 is refused for its decimals rather than rounded; nothing is ever rounded, and nothing
 * that is not an amount reads as zero.
 */
export function readWireAmount(input: unknown, options: ReadAmountOptions = {}): Cents {
  const text = decimalText(input, options.text === true);
  const match = DECIMAL.exec(text);
  if (!match) throw new UnreadableAmount('not-a-number');
  const [, sign, whole = '', fraction = ''] = match;
  const negative = sign === '-' && /[1-9]/.test(whole + fraction);
  if (negative && !options.negative) throw new UnreadableAmount('negative');
  if (fraction.length > 2) throw new UnreadableAmount('too-many-decimals');
  const magnitude = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  if (magnitude > BigInt(MAX_READABLE_CENTS)) throw new UnreadableAmount('too-large');
  return negative ? -Number(magnitude) : Number(magnitude);
}

function decimalText(input: unknown, textAllowed: boolean): string {
  if (typeof input === 'string' && textAllowed) return input.trim();
  if (typeof input !== 'number' || !Number.isFinite(input)) throw new UnreadableAmount('not-a-number');
  // String() writes 1e21 and up, and below 1e-6, with an exponent; these spell them out instead (every double from 1e21 up is whole).
  if (Math.abs(input) >= 1e21) return BigInt(input).toString();
  if (input !== 0 && Math.abs(input) < 1e-6) return input.toFixed(7);
  return String(input);
}
