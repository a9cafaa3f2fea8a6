import * as yup from 'yup';
import { AMOUNT_PROBLEM_WORDS, type AmountMessages } from '@core/amount-messages';
import { readAmount } from '@core/read-amount';
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
      // Below zero reads, for core's rule to refuse in its words.
      const reading = readAmount(text, { from: 'typed', negative: true });
      if (!reading.ok) return context.createError({ message: words[AMOUNT_PROBLEM_WORDS[reading.problem]] });
      cents = reading.cents;
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
