export const CHARITY_CATEGORIES = ['community', 'healthcare', 'civil-rights', 'environmental', 'education', 'veterans', 'other'] as const;

export type CharityCategory = (typeof CHARITY_CATEGORIES)[number];

export interface Charity {
  id: string;
  name: string;
  description: string;
  website: string | null;
  imageUrl: string | null;
  category: CharityCategory;
  isActive: boolean;
  createdAt: Date;
  /** What a receipt must state of the charity; null until an administrator records it. */
  details: CharityDetails | null;
}

/** The countries whose tax rules the receipts follow: an EIN in the US, a registration number in Canada. */
export const CHARITY_COUNTRIES = ['US', 'CA'] as const;
export type CharityCountry = (typeof CHARITY_COUNTRIES)[number];

/** The charity as the tax authorities know it, and when its agreement with the platform was recorded. */
export interface CharityDetails {
  legalName: string;
  country: CharityCountry;
  /** Stored formatted: NN-NNNNNNN (US EIN) or NNNNNNNNNRRNNNN (Canadian registration number). */
  taxId: string;
  /** One postal address, lines separated by line breaks. */
  address: string;
  /** YYYY-MM-DD. */
  agreementDate: string;
}

export type NewCharity = Omit<Charity, 'id' | 'createdAt' | 'isActive' | 'details'> & {
  isActive?: boolean;
  details?: CharityDetails | null;
};
