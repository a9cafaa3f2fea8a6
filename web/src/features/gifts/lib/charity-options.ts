import type { CharityView } from '@api/charities';
import type { AnyRegistryView } from '@api/registries';
import { categoryLabel } from '@/lib/use-charities';

export const CHOOSE_CHARITY_HEADING = 'Choose a Charity to Support';
export const SUPPORTING_CHARITY_HEADING = 'Supporting Charity';

export interface CharityOption {
  id: string;
  name: string;
  /** Why it is listed first: 'Suggested by the family', or null. */
  note: string | null;
  /** What its details show; null when only its name is known (a preferred charity no longer listed). */
  details: { impact: string; description: string; website: string | null } | null;
}

export interface GiftCharities {
  heading: typeof CHOOSE_CHARITY_HEADING | typeof SUPPORTING_CHARITY_HEADING;
  /** Undefined while the charity list is still needed and loading. */
  options: CharityOption[] | undefined;
  /** The list of all charities is what is offered (so its loading state matters). */
  usesCharityList: boolean;
}

function optionOf(charity: CharityView, suggested = false): CharityOption {
  return {
    id: charity.id,
    name: charity.name,
    note: suggested ? 'Suggested by the family' : null,
    details: { impact: `${categoryLabel(charity.category)} Impact`, description: charity.description, website: charity.website },
  };
}

/**
 * The charity section of the gift form (docs/product.md#gift-form): with allowCharityChoice every active
 * charity is offered; otherwise only the registry's preferred charity, or every active charity
 * when none is set. The server accepts exactly these (core/gift/start-gift.ts).
 */
export function giftCharities(registry: AnyRegistryView, charities: readonly CharityView[] | undefined): GiftCharities {
  const active = charities?.filter((c) => c.isActive);
  const preferred = registry.preferredCharity;

  if (registry.allowCharityChoice) {
    // The family's suggestion, if any, comes first; the guest still chooses.
    const options = active
      ?.slice()
      .sort((a, b) => Number(b.id === preferred?.id) - Number(a.id === preferred?.id))
      .map((c) => optionOf(c, c.id === preferred?.id));
    return { heading: CHOOSE_CHARITY_HEADING, options, usesCharityList: true };
  }

  if (preferred) {
    // The preferred charity is offered even while the list loads (or if it left the list).
    const known = charities?.find((c) => c.id === preferred.id);
    const option = known ? optionOf(known) : { id: preferred.id, name: preferred.name, note: null, details: null };
    return { heading: SUPPORTING_CHARITY_HEADING, options: [option], usesCharityList: false };
  }

  return { heading: SUPPORTING_CHARITY_HEADING, options: active?.map((c) => optionOf(c)), usesCharityList: true };
}
