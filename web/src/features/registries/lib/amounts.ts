import type { Cents } from '../../../../../core/money';

/** An amount the API answers (a number with two decimals, e.g. 106.39) in cents. */
export function amountToCents(amount: number): Cents {
  return Number.isFinite(amount) ? Math.round(amount * 100) : 0;
}
