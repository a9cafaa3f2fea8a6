import type { CharityView } from '@api/charities';
import type { Charity } from '@core/model/charity';

export function presentCharity(charity: Charity) {
  return {
    id: charity.id,
    name: charity.name,
    description: charity.description,
    website: charity.website,
    imageUrl: charity.imageUrl,
    category: charity.category,
    isActive: charity.isActive,
    createdAt: charity.createdAt.toISOString(),
  } satisfies CharityView;
}

export const charityName = (charity: Charity | null) => (charity ? { id: charity.id, name: charity.name } : null);
