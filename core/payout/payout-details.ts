import type { Registry } from '../model/registry';
import { DEFAULT_MAILING_COUNTRY, type PayoutInfoInput } from './payout-schemas';

type PayoutDetails = Pick<
  Registry,
  'payoutMethod' | 'paypalEmail' | 'mailingName' | 'mailingAddress' | 'mailingCity' | 'mailingState' | 'mailingZip' | 'mailingCountry'
>;

/**
 * The registry's payout columns for a validated choice: the chosen method's details, and every
 * other method's cleared, so an address or e-mail the family moved away from is not left in the row.
 */
export function payoutDetailsOf(valid: PayoutInfoInput): PayoutDetails {
  const check = valid.payoutMethod === 'check';
  return {
    payoutMethod: valid.payoutMethod,
    paypalEmail: valid.payoutMethod === 'paypal' ? (valid.paypalEmail ?? null) : null,
    mailingName: check ? (valid.mailingName ?? null) : null,
    mailingAddress: check ? (valid.mailingAddress ?? null) : null,
    mailingCity: check ? (valid.mailingCity ?? null) : null,
    mailingState: check ? (valid.mailingState ?? null) : null,
    mailingZip: check ? (valid.mailingZip ?? null) : null,
    mailingCountry: check ? valid.mailingCountry : DEFAULT_MAILING_COUNTRY,
  };
}
