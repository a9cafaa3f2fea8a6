import * as yup from 'yup';
import { amountMessages, type AmountBounds } from './amount-messages';

/** An amount in whole cents within its bounds: what an amount from the wire or a form is once read. */
export function centsField(bounds: AmountBounds) {
  const words = amountMessages(bounds);
  return (
    yup
      .number()
      .typeError(words.positive)
      .required(words.required)
      .positive(words.positive)
      // Only for positive amounts, so zero and below get the spec's own message.
      .test('minimum', words.smallest, (value) => value === undefined || value <= 0 || value >= bounds.min)
      .max(bounds.max, words.largest)
      // Cents are whole: a fraction of one means the amount was read with too many decimals.
      .integer(words.decimals)
  );
}
