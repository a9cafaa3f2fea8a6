import type { CharityCountry } from '../model/charity';

/**
 * A charity's tax id as its country writes it, or null when the text is not one: a US EIN is nine
 * digits written NN-NNNNNNN; a Canadian charity's registration number is its nine-digit business
 * number, the program "RR" and a four-digit reference (NNNNNNNNNRRNNNN). Spaces and, for an EIN,
 * the dash are accepted as typed.
 */
export function formattedTaxId(country: CharityCountry, typed: string): string | null {
  const compact = typed.replace(/\s+/g, '').toUpperCase();
  if (country === 'US') {
    const digits = /^(\d{2})-?(\d{7})$/.exec(compact);
    return digits ? `${digits[1]}-${digits[2]}` : null;
  }
  return /^\d{9}RR\d{4}$/.test(compact) ? compact : null;
}

/** What an administrator is told when the tax id is not one. */
export const TAX_ID_MESSAGES: Record<CharityCountry, string> = {
  US: 'A US tax id is an EIN of 9 digits, written 12-3456789',
  CA: 'A Canadian registration number is 9 digits, RR and 4 digits, written 123456789RR0001',
};
