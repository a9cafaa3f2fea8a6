import { AMOUNT_PROBLEM_MESSAGES, UNREADABLE_AMOUNT_MESSAGE, type AmountProblem } from './amount-messages';
import { DomainError } from './errors';
import { MAX_CENTS, type Cents } from './money';

export type { AmountProblem } from './amount-messages';

/**
 * The most a read amount may hold unless said: 15 significant digits. A double holds every decimal
 * of 15 digits exactly and prints it back the same, so nothing beyond it can be read without
 * guessing which cent was meant. Far above anything the product takes (MAX_CENTS).
 */
export const MAX_READABLE_CENTS: Cents = 999_999_999_999_999;

export interface ReadAmountOptions {
  /** Amounts that may be below zero (what an account moved); refused unless said. */
  negative?: boolean;
  /**
   * What may come in: a number only (the JSON wire, the default); a number or text a person typed,
   * trimmed ("typed"); or text exactly as a database column gives it, never a number ("column").
   */
  from?: 'number' | 'typed' | 'column';
  /** The largest magnitude read, in cents; MAX_READABLE_CENTS unless said. */
  max?: Cents;
}

export type AmountReading = { ok: true; cents: Cents } | { ok: false; problem: AmountProblem };

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * The one reader of decimal amounts: 106.39 or "106.39" into integer cents (10639), or the problem
 * that makes it no money. A number is read through its shortest decimal form, so 0.1 + 0.2 is
 * refused for its decimals; nothing is ever rounded, and nothing that is not an amount reads as zero.
 */
export function readAmount(input: unknown, options: ReadAmountOptions = {}): AmountReading {
  const text = decimalText(input, options.from ?? 'number');
  const match = text === null ? null : DECIMAL.exec(text);
  if (!match) return { ok: false, problem: 'not-a-number' };
  const [, sign, whole = '', fraction = ''] = match;
  const negative = sign === '-' && /[1-9]/.test(whole + fraction);
  if (negative && !options.negative) return { ok: false, problem: 'negative' };
  if (fraction.length > 2) return { ok: false, problem: 'too-many-decimals' };
  const magnitude = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  if (magnitude > BigInt(options.max ?? MAX_READABLE_CENTS)) return { ok: false, problem: 'too-large' };
  return { ok: true, cents: negative ? -Number(magnitude) : Number(magnitude) };
}

function decimalText(input: unknown, from: NonNullable<ReadAmountOptions['from']>): string | null {
  if (typeof input === 'string') return from === 'typed' ? input.trim() : from === 'column' ? input : null;
  if (from === 'column' || typeof input !== 'number' || !Number.isFinite(input)) return null;
  // String() writes 1e21 and up, and below 1e-6, with an exponent; these spell them out instead (every double from 1e21 up is whole).
  if (Math.abs(input) >= 1e21) return BigInt(input).toString();
  if (input !== 0 && Math.abs(input) < 1e-6) return input.toFixed(7);
  return String(input);
}

/** An amount that is no money, thrown by readWireAmount, saying why in the table's words. */
export class UnreadableAmount extends Error {
  readonly problem: AmountProblem;

  constructor(problem: AmountProblem) {
    super(AMOUNT_PROBLEM_MESSAGES[problem]);
    this.name = 'UnreadableAmount';
    this.problem = problem;
  }
}

/** readAmount for callers that throw: the wire's amounts (a number) or, with `text`, typed text too. */
export function readWireAmount(input: unknown, options: { negative?: boolean; text?: boolean } = {}): Cents {
  const reading = readAmount(input, { negative: options.negative, from: options.text ? 'typed' : 'number' });
  if (!reading.ok) throw new UnreadableAmount(reading.problem);
  return reading.cents;
}

/** A typed amount of at most MAX_CENTS, never below zero, or a DomainError saying one thing of any problem. */
export function parseCents(input: string | number): Cents {
  const reading = readAmount(input, { from: 'typed', max: MAX_CENTS });
  if (!reading.ok) throw new DomainError('money.invalid', UNREADABLE_AMOUNT_MESSAGE);
  return reading.cents;
}
