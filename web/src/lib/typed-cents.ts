import { readAmount } from '@core/read-amount';
import type { Cents } from '@core/money';

/** An amount as typed ("36.5") in cents, read as the server reads the wire; null when it is no amount of money. */
export function typedCents(text: string): Cents | null {
  const reading = readAmount(text, { from: 'typed' });
  return reading.ok ? reading.cents : null;
}
