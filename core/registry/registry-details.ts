import type { Charity } from '../charity/charity';
import type { Gift } from '../gift/gift';
import type { Registry } from './registry';

/** A registry with what its page shows; gifts only when the viewer owns it. */
export interface RegistryDetails {
  registry: Registry;
  preferredCharity: Charity | null;
  giftCount: number;
  hasGifts: boolean;
  isOwner: boolean;
  gifts: Gift[] | null;
}

/** A registry as a tile in a list: the owner's list carries its totals, a search none. */
export interface RegistrySummary {
  registry: Registry;
  preferredCharity: Charity | null;
  giftCount: number;
}
