import { validateYupSchema, yupToFormErrors, type FormikErrors } from 'formik';
import { GIFT_AMOUNT_MESSAGES } from '@core/gift/gift-amounts';
import { giftSchema } from '@core/gift/gift-schemas';
import type { GiftRequest } from '@api/gifts';
import { typedAmountField } from '../../../lib/typed-amount';
import type { GiftFormValues } from './gift-form-values';

/**
 * The gift form's rules, with Yup: loaded when the giver first touches the form
 * (load-gift-form-rules.ts), so a guest's phone does not download and run them before the form
 * shows and answers.
 */

/** The form's fields with the spec's messages (docs/product.md#validation-rules); the charity is checked apart. */
const giftFormSchema = giftSchema
  .pick(['giftGiverName', 'giftGiverEmail', 'personalMessage'])
  .shape({ amount: typedAmountField(giftSchema.fields.amount, GIFT_AMOUNT_MESSAGES) });

/** What is wrong with the form's values, field by field, as Formik's validationSchema would say. */
export async function giftFormErrors(values: GiftFormValues): Promise<FormikErrors<GiftFormValues>> {
  try {
    await validateYupSchema(values, giftFormSchema);
    return {};
  } catch (error) {
    if (error instanceof Error && error.name === 'ValidationError') return yupToFormErrors(error);
    throw error;
  }
}

/** Exactly the spec's fields of the gift, trimmed as the server reads them, but for the amount. */
export function giftRequestFields(fields: Omit<GiftRequest, 'amount'>): Omit<GiftRequest, 'amount'> {
  return giftSchema.omit(['amount']).cast(fields, { stripUnknown: true });
}
