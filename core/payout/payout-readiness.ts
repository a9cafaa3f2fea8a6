import type { ConnectedAccountStatus } from '../ports/payment-gateway';
import type { Currency } from '../money';
import type { Registry } from '../model/registry';

/** The hints of docs/product.md#validation-rules, shown beside a disabled close button and answered by a refused close. */
export const CLOSE_HINTS = {
  bank: 'Complete your bank account setup above to close the registry',
  paypal: 'Enter your PayPal email above to close the registry',
  check: 'Fill in your mailing address above to close the registry',
} as const;

export const CHOOSE_METHOD_HINT = 'Choose how you would like to receive the funds above to close the registry';

/** The countries a bank payout account can be in. */
export type BankCountry = ConnectedAccountStatus['country'];

/**
 * What the rules need to know of the owner's payment account: the provider's answer, or the
 * owner's view of it (GET /api/connect/account-status, where a user with no account has no country).
 */
export type AccountStanding = Pick<ConnectedAccountStatus, 'payoutsEnabled' | 'requirementsDue'> & { country: BankCountry | null };

const BANK_COUNTRY: Record<Currency, BankCountry> = { USD: 'US', CAD: 'CA' };

/** The country a registry's bank payout account must be in: its currency's (docs/product.md#calls). */
export function bankCountryFor(currency: Currency): BankCountry {
  return BANK_COUNTRY[currency];
}

/** Payouts enabled and nothing more asked of the owner: only then can money be sent. */
export function isVerified(account: AccountStanding | null | undefined): boolean {
  return !!account && account.payoutsEnabled && account.requirementsDue.length === 0;
}

/** The bank method is ready: the account verified, and in the country of the registry's currency. */
export function isBankAccountReady(account: AccountStanding | null | undefined, currency: Currency): boolean {
  return isVerified(account) && account?.country === bankCountryFor(currency);
}

/** A registry's payout method and its details, as saved or as the owner is filling them in. */
export type PayoutDetails = Pick<
  Registry,
  'payoutMethod' | 'currency' | 'paypalEmail' | 'mailingName' | 'mailingAddress' | 'mailingCity' | 'mailingState' | 'mailingZip'
>;

const filled = (text: string | null) => text !== null && text.trim() !== '';

/**
 * Why the registry cannot close yet with its payout method, or null when it can: the bank account
 * verified (and in the currency's country), a PayPal e-mail, or a whole mailing address.
 */
export function payoutNotReadyReason(registry: PayoutDetails, account: AccountStanding | null | undefined): string | null {
  switch (registry.payoutMethod) {
    case null:
      return CHOOSE_METHOD_HINT;
    case 'bank': {
      if (!isVerified(account)) return CLOSE_HINTS.bank;
      if (!isBankAccountReady(account, registry.currency)) {
        const country = bankCountryFor(registry.currency);
        return `Your payment account is in ${account?.country === 'CA' ? 'Canada' : 'the US'}, and a ${registry.currency} registry is paid to a bank account in ${country === 'CA' ? 'Canada' : 'the US'}. Choose PayPal or a check instead.`;
      }
      return null;
    }
    case 'paypal':
      return filled(registry.paypalEmail) ? null : CLOSE_HINTS.paypal;
    case 'check': {
      const address = [registry.mailingName, registry.mailingAddress, registry.mailingCity, registry.mailingState, registry.mailingZip];
      return address.every(filled) ? null : CLOSE_HINTS.check;
    }
  }
}
