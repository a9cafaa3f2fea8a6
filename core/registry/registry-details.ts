import type { Charity } from '../model/charity';
import type { Gift } from '../model/gift';
import type { ClosingAmounts } from '../model/closing-amounts';
import type { HeldAtClosing } from '../model/held-at-closing';
import type { Registry } from '../model/registry';
import type { RegistryRole } from '../model/registry';

/** A registry with what its page shows; gifts only when the viewer manages it (owner or co-owner). */
export interface RegistryDetails {
  registry: Registry;
  preferredCharity: Charity | null;
  giftCount: number;
  hasGifts: boolean;
  /** Whether the family recorded a gift given by hand; false for anyone else, who is not told. */
  hasGiftsGivenByHand: boolean;
  /** The viewer's part in the registry: null for a guest or a stranger. */
  role: RegistryRole | null;
  /** The latest paid gifts, refunded ones included (RECENT_GIFTS_SHOWN), newest first; only for the family. */
  gifts: Gift[] | null;
  /** The registry's figures (closingAmounts: Total Received, what closing pays or paid); only for the family. */
  closing: ClosingAmounts | null;
  /** What closing would hold back for undecided disputes (heldAtClosing); only for the owner. */
  held: HeldAtClosing | null;
}

/** A registry as a tile in a public list (search, recent): no money, no count of gifts. */
export interface RegistryCard {
  registry: Registry;
  preferredCharity: Charity | null;
}

/** A tile of the user's own list (registries owned or co-owned), which also carries how many gifts it received. */
export interface RegistrySummary extends RegistryCard {
  /** The registry's figures (closingAmounts), whose Total Received the tile shows. */
  figures: ClosingAmounts;
  giftCount: number;
  role: RegistryRole;
}
