import * as yup from 'yup';
import { AMOUNT_PROBLEM_WORDS, readWireAmount, UnreadableAmount } from '@api/read-amount';
import type { AmountMessages } from '@core/amount-messages';
import type { Cents } from '@core/money';

/**
 * A form's amount field, typed as text: read into cents as the server reads the wire, then held
 * to core's rule for those cents, so the form says what the server would, in the same words.
 */
export function typedAmountField(centsRule: yup.ISchema<unknown> | yup.Reference, words: AmountMessages) {
  // A schema's field may be typed as a reference to another; an amount's never is.
  if (!yup.isSchema(centsRule)) throw new Error('An amount field needs core’s rule for its cents');
  const rule = centsRule;
  return yup.string().test('amount', async (text, context) => {
    let cents: Cents | undefined;
    if (text !== undefined && text.trim() !== '') {
      try {
        // Below zero reads, for core's rule to refuse in its words.
        cents = readWireAmount(text, { text: true, negative: true });
      } catch (error) {
        if (error instanceof UnreadableAmount) return context.createError({ message: words[AMOUNT_PROBLEM_WORDS[error.problem]] });
        throw error;
      }
    }
    try {
      await rule.validate(cents);
      return true;
    } catch (error) {
      if (error instanceof yup.ValidationError) return context.createError({ message: error.message });
      throw error;
    }
  });
}
