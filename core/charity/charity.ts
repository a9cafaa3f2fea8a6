export const CHARITY_CATEGORIES = [
  'community',
  'healthcare',
  'civil-rights',
  'environmental',
  'education',
  'veterans',
  'other',
] as const;

export type CharityCategory = (typeof CHARITY_CATEGORIES)[number];

export function isCharityCategory(value: unknown): value is CharityCategory {
  return typeof value === 'string' && (CHARITY_CATEGORIES as readonly string[]).includes(value);
}

export interface Charity {
  id: string;
  name: string;
  description: string;
  website: string | null;
  imageUrl: string | null;
  category: CharityCategory;
  isActive: boolean;
  createdAt: Date;
}

/** A charity as the API answers it (JSON has no dates, so createdAt is an ISO string). */
export type CharityView = Omit<Charity, 'createdAt'> & { createdAt: string };

export type NewCharity = Omit<Charity, 'id' | 'createdAt' | 'isActive'> & { isActive?: boolean };
