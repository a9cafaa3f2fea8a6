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

export type NewCharity = Omit<Charity, 'id' | 'createdAt' | 'isActive'> & { isActive?: boolean };
