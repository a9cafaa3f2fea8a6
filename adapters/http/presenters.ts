import type { Charity, CharityView } from '../../core/charity/charity';

export function presentCharity(charity: Charity): CharityView {
  return {
    id: charity.id,
    name: charity.name,
    description: charity.description,
    website: charity.website,
    imageUrl: charity.imageUrl,
    category: charity.category,
    isActive: charity.isActive,
    createdAt: charity.createdAt.toISOString(),
  };
}
