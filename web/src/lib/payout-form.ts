import { bankCountryFor, type PayoutDetails } from '@core/payout/payout-readiness';
import type { Currency } from '@core/money';
import type { OwnerRegistryView } from '@api/registries';
import type { BankCountry } from './bank-country';
import type { PayoutInfoBody, PayoutMethod } from '@api/payouts';

/** The closure section's form: the chosen method and the details of PayPal and check. */
export interface PayoutFormValues {
  payoutMethod: PayoutMethod | '';
  paypalEmail: string;
  mailingName: string;
  mailingAddress: string;
  mailingCity: string;
  mailingState: string;
  mailingZip: string;
  mailingCountry: BankCountry;
}

const CHECK_FIELDS = ['mailingName', 'mailingAddress', 'mailingCity', 'mailingState', 'mailingZip'] as const;

/** Where the focus goes after a refused save: the first field with a message, in page order. */
export const PAYOUT_FIELD_ORDER = ['payoutMethod', 'paypalEmail', ...CHECK_FIELDS, 'mailingCountry'] as const;

export const PAYOUT_FIELD_ID_PREFIX = 'payout-';

export function payoutFieldId(name: (typeof PAYOUT_FIELD_ORDER)[number]): string {
  return `${PAYOUT_FIELD_ID_PREFIX}${name}`;
}

/**
 * The saved details, with the method the owner comes back to when none is saved yet. A check's country is the saved one once a check was chosen; before that the
 * registry's currency's country (CAD: Canada), since the registry's column says US until set.
 */
export function payoutFormValues(registry: OwnerRegistryView, fallbackMethod: PayoutMethod | null = null): PayoutFormValues {
  return {
    payoutMethod: registry.payoutMethod ?? fallbackMethod ?? '',
    paypalEmail: registry.paypalEmail ?? '',
    mailingName: registry.mailingName ?? '',
    mailingAddress: registry.mailingAddress ?? '',
    mailingCity: registry.mailingCity ?? '',
    mailingState: registry.mailingState ?? '',
    mailingZip: registry.mailingZip ?? '',
    mailingCountry:
      registry.payoutMethod === 'check' ? (registry.mailingCountry === 'CA' ? 'CA' : 'US') : bankCountryFor(registry.currency),
  };
}

/** No details yet (a switch away from a refused bank payout): a check to the currency's country. */
export function emptyPayoutForm(currency: Currency): PayoutFormValues {
  return {
    payoutMethod: 'check',
    paypalEmail: '',
    mailingName: '',
    mailingAddress: '',
    mailingCity: '',
    mailingState: '',
    mailingZip: '',
    mailingCountry: bankCountryFor(currency),
  };
}

/** The form as core's readiness rule (payoutNotReadyReason) reads a registry's payout details. */
export function payoutDetailsOf(values: PayoutFormValues, currency: Currency): PayoutDetails {
  return {
    payoutMethod: values.payoutMethod || null,
    currency,
    paypalEmail: values.paypalEmail,
    mailingName: values.mailingName,
    mailingAddress: values.mailingAddress,
    mailingCity: values.mailingCity,
    mailingState: values.mailingState,
    mailingZip: values.mailingZip,
  };
}

/** PUT payout-info's body: the method and its own details only. */
export function payoutInfoBody(values: PayoutFormValues): PayoutInfoBody {
  if (values.payoutMethod === 'paypal') return { payoutMethod: 'paypal', paypalEmail: values.paypalEmail.trim() };
  if (values.payoutMethod === 'check') {
    return {
      payoutMethod: 'check',
      mailingName: values.mailingName.trim(),
      mailingAddress: values.mailingAddress.trim(),
      mailingCity: values.mailingCity.trim(),
      mailingState: values.mailingState.trim(),
      mailingZip: values.mailingZip.trim(),
      mailingCountry: values.mailingCountry,
    };
  }
  return { payoutMethod: 'bank' };
}
