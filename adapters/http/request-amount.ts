import { AMOUNT_PROBLEM_WORDS, EXPECTED_AMOUNT_MESSAGES, type AmountMessages, type AmountProblem } from '@core/amount-messages';
import { DomainError, type DomainErrorCode, type FieldErrors } from '@core/errors';
import { readAmount } from '@core/read-amount';

/** What a call answers for each way its amount is no money: the message, and the field's own line when it names one. */
export type AmountRefusals = Record<AmountProblem, { code?: DomainErrorCode; message: string; field?: string }>;

/** A gift's amount, online or by hand, refused in the words of the form (the spec's validation rules). */
export function giftAmountRefusals(words: AmountMessages): AmountRefusals {
  const refusal = (problem: AmountProblem) => {
    const message = words[AMOUNT_PROBLEM_WORDS[problem]];
    // What is no number at all is named so beside the field, as core names any field of the wrong type.
    return { message, field: problem === 'not-a-number' ? words.notANumber : message };
  };
  return {
    'not-a-number': refusal('not-a-number'),
    negative: refusal('negative'),
    'too-many-decimals': refusal('too-many-decimals'),
    'too-large': refusal('too-large'),
  };
}

/** The amount an administrator saw on a charity payout. */
export const EXPECTED_AMOUNT_REFUSALS: AmountRefusals = {
  'not-a-number': { message: EXPECTED_AMOUNT_MESSAGES.notANumber, field: EXPECTED_AMOUNT_MESSAGES.notANumberField },
  negative: { message: EXPECTED_AMOUNT_MESSAGES.negative, field: EXPECTED_AMOUNT_MESSAGES.negative },
  'too-many-decimals': { code: 'money.invalid', message: EXPECTED_AMOUNT_MESSAGES.unreadable },
  'too-large': { code: 'money.invalid', message: EXPECTED_AMOUNT_MESSAGES.unreadable },
};

/**
 * A JSON body with its money field read into cents, once, here at the wire: core's use cases take
 * cents. An amount that is no money is refused before anything else of the call is looked at (it
 * depends on nothing the caller may not see). A body that is no object, or lacks the field, goes
 * on as it came, for core to refuse in its own words.
 */
export function withAmountInCents(body: unknown, field: string, refusals: AmountRefusals): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const value = (body as Record<string, unknown>)[field];
  if (value === undefined || value === null) return body;
  const reading = readAmount(value);
  if (!reading.ok) {
    const refusal = refusals[reading.problem];
    const fields: FieldErrors | undefined = refusal.field === undefined ? undefined : { [field]: refusal.field };
    throw new DomainError(refusal.code ?? 'validation.failed', refusal.message, fields);
  }
  return { ...body, [field]: reading.cents };
}
