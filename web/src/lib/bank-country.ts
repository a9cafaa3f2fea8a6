import type { BankCountry } from '@core/payout/payout-readiness';

/** The countries a payout goes to, a bank account's and a mailed check's: core's, by name. */
export type { BankCountry };

export const COUNTRY_NAMES: Record<BankCountry, string> = {
  US: 'United States',
  CA: 'Canada',
};

export function countryName(code: string | null | undefined): string {
  return code === 'CA' ? COUNTRY_NAMES.CA : COUNTRY_NAMES.US;
}

/** A country as a sentence names it: "in the United States", "in Canada". */
export const COUNTRY_IN_SENTENCE: Record<BankCountry, string> = {
  US: 'the United States',
  CA: 'Canada',
};
