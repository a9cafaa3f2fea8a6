import { ValidationError } from 'yup';
import { GIFT_AMOUNT_MESSAGES } from '@core/gift/gift-amounts';
import { giftSchema } from '@core/gift/gift-schemas';
import type { GiftRequest } from '@api/gifts';
import { typedAmountField } from '@/lib/typed-amount';
import type { GiftFormValues } from './gift-form-values';
import type { GiftFormErrors } from './use-gift-form-state';

/**
 * The gift form's rules, with Yup: loaded when the giver first touches the form
 * (load-gift-form-rules.ts), so a guest's phone does not download and run them before the form
 * shows and answers.
 */

/** The form's fields with the spec's messages (docs/product.md#validation-rules); the charity is checked apart. */
const giftFormSchema = giftSchema
  .pick(['giftGiverName', 'giftGiverEmail', 'personalMessage'])
  .shape({ amount: typedAmountField(giftSchema.fields.amount, GIFT_AMOUNT_MESSAGES) });

/**
 * What is wrong with the form's values, field by field (each field's first message), as Formik's
 * validationSchema would say: an empty field is checked as a missing one.
 */
export async function giftFormErrors(values: GiftFormValues): Promise<GiftFormErrors> {
  const given = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value === '' ? undefined : value]));
  try {
    await giftFormSchema.validate(given, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: GiftFormErrors = {};
    for (const failed of error.inner.length > 0 ? error.inner : [error]) {
      const name = failed.path as keyof GiftFormValues | undefined;
      if (name && !errors[name]) errors[name] = failed.message;
    }
    return errors;
  }
}

/** Exactly the spec's fields of the gift, trimmed as the server reads them, but for the amount. */
export function giftRequestFields(fields: Omit<GiftRequest, 'amount'>): Omit<GiftRequest, 'amount'> {
  return giftSchema.omit(['amount']).cast(fields, { stripUnknown: true });
}
