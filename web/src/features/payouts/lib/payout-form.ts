import type { OwnerRegistryView } from '../../registries/api/types';
import type { BankCountry, PayoutInfoBody, PayoutMethod } from '../api/types';

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

export const CHECK_FIELDS = ['mailingName', 'mailingAddress', 'mailingCity', 'mailingState', 'mailingZip'] as const;

/** Where the focus goes after a refused save: the first field with a message, in page order. */
export const PAYOUT_FIELD_ORDER = ['payoutMethod', 'paypalEmail', ...CHECK_FIELDS, 'mailingCountry'] as const;

export const PAYOUT_FIELD_ID_PREFIX = 'payout-';

export function payoutFieldId(name: (typeof PAYOUT_FIELD_ORDER)[number]): string {
  return `${PAYOUT_FIELD_ID_PREFIX}${name}`;
}

/** The saved details, with the method the owner comes back to when none is saved yet. */
export function payoutFormValues(registry: OwnerRegistryView, fallbackMethod: PayoutMethod | null = null): PayoutFormValues {
  return {
    payoutMethod: registry.payoutMethod ?? fallbackMethod ?? '',
    paypalEmail: registry.paypalEmail ?? '',
    mailingName: registry.mailingName ?? '',
    mailingAddress: registry.mailingAddress ?? '',
    mailingCity: registry.mailingCity ?? '',
    mailingState: registry.mailingState ?? '',
    mailingZip: registry.mailingZip ?? '',
    mailingCountry: registry.mailingCountry === 'CA' ? 'CA' : 'US',
  };
}

const filled = (value: string) => value.trim() !== '';

/**
 * Spec section 5: PayPal needs a non-empty e-mail; check needs name, street address, city, state
 * and ZIP. (The bank method depends on the payment account instead.)
 */
export function detailsComplete(values: PayoutFormValues): boolean {
  if (values.payoutMethod === 'paypal') return filled(values.paypalEmail);
  if (values.payoutMethod === 'check') return CHECK_FIELDS.every((name) => filled(values[name]));
  return values.payoutMethod === 'bank';
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
