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
