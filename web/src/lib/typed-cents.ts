import { readWireAmount, UnreadableAmount } from '@api/read-amount';
import type { Cents } from '@core/money';

/** An amount as typed ("36.5") in cents, read as the server reads the wire; null when it is no amount of money. */
export function typedCents(text: string): Cents | null {
  try {
    return readWireAmount(text, { text: true });
  } catch (error) {
    if (error instanceof UnreadableAmount) return null;
    throw error;
  }
}
