import * as yup from 'yup';
import { refuseUnsafeNameCharacters } from '../name-characters';
import { MAX_CENTS } from '../money';
import { EXPECTED_AMOUNT_MESSAGES } from '../amount-messages';
import { PAYOUT_METHODS, type PayoutMethod } from '../model/registry';

/**
 * Payout details (docs/product.md#calls, payout-info) and an administrator's record of a charity payout,
 * validated by the web forms and by the server with the same schemas.
 */

const MAILING_COUNTRIES = ['US', 'CA'] as const;
export type MailingCountry = (typeof MAILING_COUNTRIES)[number];
export const DEFAULT_MAILING_COUNTRY: MailingCountry = 'US';

const MAILING_FIELD_MAX = 255;
const ZIP_MAX = 20;

// An address is printed on an envelope and shown to an administrator in an e-mail: one line, drawn as typed.
const line = (label: string, max = MAILING_FIELD_MAX) =>
  refuseUnsafeNameCharacters(yup.string().trim().max(max, `${label} must be at most ${max} characters`), label);

const forCheck = <S extends yup.StringSchema<string | undefined>>(schema: S, message: string) =>
  schema.when('payoutMethod', { is: 'check', then: (required) => required.required(message) });

export const payoutInfoSchema = yup.object({
  payoutMethod: yup
    .string<PayoutMethod>()
    .required('Choose how you would like to receive the funds')
    .oneOf(PAYOUT_METHODS, 'Choose bank transfer, PayPal or check'),
  paypalEmail: yup
    .string()
    .trim()
    .max(MAILING_FIELD_MAX, `PayPal email must be at most ${MAILING_FIELD_MAX} characters`)
    .email('Enter a valid PayPal email')
    .when('payoutMethod', { is: 'paypal', then: (schema) => schema.required('PayPal email is required') }),
  mailingName: forCheck(line('Name'), 'Name on the check is required'),
  mailingAddress: forCheck(line('Street address'), 'Street address is required'),
  mailingCity: forCheck(line('City'), 'City is required'),
  mailingState: forCheck(line('State'), 'State or province is required'),
  mailingZip: forCheck(line('ZIP', ZIP_MAX), 'ZIP or postal code is required'),
  mailingCountry: yup
    .string<MailingCountry>()
    .trim()
    .oneOf(MAILING_COUNTRIES, 'Checks can be mailed to the US or Canada')
    .default(DEFAULT_MAILING_COUNTRY),
});

export type PayoutInfoInput = yup.InferType<typeof payoutInfoSchema>;
export const PAYOUT_INFO_FIELDS = Object.keys(payoutInfoSchema.fields);

export const CHARITY_PAYOUT_METHOD_MAX = 50;
export const REFERENCE_NUMBER_MAX = 255;
export const PAYOUT_NOTES_MAX = 2000;

export const charityPayoutCompletionSchema = yup.object({
  status: yup.string().required('Status is required').oneOf(['completed'], 'A payout can only be marked completed'),
  paymentMethod: line('Payment method', CHARITY_PAYOUT_METHOD_MAX).required('Payment method is required'),
  referenceNumber: line('Reference number', REFERENCE_NUMBER_MAX).required('Reference number is required'),
  notes: yup.string().trim().max(PAYOUT_NOTES_MAX, `Notes must be at most ${PAYOUT_NOTES_MAX} characters`).nullable(),
  // In cents, as read from the wire; beyond what a payout can hold (MAX_CENTS) it cannot be one.
  expectedAmount: yup
    .number()
    .min(0, EXPECTED_AMOUNT_MESSAGES.negative)
    .integer(EXPECTED_AMOUNT_MESSAGES.unreadable)
    .max(MAX_CENTS, EXPECTED_AMOUNT_MESSAGES.unreadable)
    .nullable(),
});

/**
 * What an administrator records of a family's PayPal or check payout they sent: its PayPal
 * transaction id, or the check's number, so the payout can be traced at PayPal or the bank.
 */
export const manualPayoutCompletionSchema = (method: 'paypal' | 'check') => {
  const label = method === 'paypal' ? 'PayPal transaction ID' : 'Check number';
  return yup.object({
    referenceNumber: line(label, REFERENCE_NUMBER_MAX).required(
      method === 'paypal' ? 'Enter the PayPal transaction ID of the payment you sent' : 'Enter the number of the check you mailed',
    ),
  });
};
export const MANUAL_PAYOUT_COMPLETION_FIELDS = Object.keys(manualPayoutCompletionSchema('check').fields);

/**
 * What the spec's call (PATCH /api/admin/manual-payouts/{id}/complete, no body) records: the
 * reference when one is given, read as the form reads it. The screen and the command line ask for
 * it (manualPayoutCompletionSchema); a client written from the spec sends none and still completes.
 */
export const manualPayoutRecordSchema = (method: 'paypal' | 'check') =>
  yup.object({ referenceNumber: line(method === 'paypal' ? 'PayPal transaction ID' : 'Check number', REFERENCE_NUMBER_MAX).optional() });

export type CharityPayoutCompletionInput = yup.InferType<typeof charityPayoutCompletionSchema>;
export const CHARITY_PAYOUT_COMPLETION_FIELDS = Object.keys(charityPayoutCompletionSchema.fields);
