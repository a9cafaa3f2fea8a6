import { readWireAmount, UnreadableAmount } from '@core/read-amount';
import type { Cents } from '@core/money';
import { UsageError } from './usage-error';

/** An amount of money the operator typed ("9.99"), read into cents by the wire's own reader; anything else is a usage error. */
export function readAmountOption(option: string, text: string): Cents {
  try {
    return readWireAmount(text, { text: true });
  } catch (error) {
    if (error instanceof UnreadableAmount)
      throw new UsageError(`${option} must be an amount such as 10 or 9.99 (got "${text}"): ${error.message}`);
    throw error;
  }
}
