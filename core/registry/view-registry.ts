import type { User } from '../model/user';
import { succeededCount } from '../model/gift-tally';
import { closingAmountsOf } from '../model/closing-amounts';
import { heldAtClosing } from '../model/held-at-closing';
import type { Repositories } from '../ports/repositories';
import type { Registry } from '../model/registry';
import { holdsPaidGift, roleOf } from '../access/registry-access';
import type { RegistryDetails } from './registry-details';
import { registryNotFound } from '../access/registry-not-found';

/** docs/product.md#constants-and-limits: the owner's 'Recent Gifts' shows the latest 5. */
export const RECENT_GIFTS_SHOWN = 5;

/** Disputes are read for the family alone: a visitor's page needs none. */
type Ports = Pick<Repositories, 'registries' | 'gifts' | 'charities' | 'offlineGifts'> & Partial<Pick<Repositories, 'disputes'>>;

async function details(actor: User | null, registry: Registry | null, ports: Ports): Promise<RegistryDetails> {
  if (!registry || !registry.isActive) throw registryNotFound();
  const role = roleOf(registry, actor);
  const family = role !== null;
  // What the page shows, each read in one statement however many gifts there are: the figures
  // from the gifts' tally, the newest few, and the disputed ones (few) for what closing holds.
  // The family's count and statuses come from the tally too; a visitor's page counts alone.
  const [preferredCharity, counts, tallies, recent, disputed, byHand, undecided] = await Promise.all([
    registry.preferredCharityId ? ports.charities.findById(registry.preferredCharityId) : null,
    family ? null : ports.gifts.countSucceeded([registry.id]),
    family ? ports.gifts.tallyByRegistry(registry.id) : null,
    // Failed, abandoned and pending payments are not gifts; refunded ones show as refunded. The page
    // shows the newest few and links to the full list for the rest.
    family ? ports.gifts.listRecentListed(registry.id, RECENT_GIFTS_SHOWN) : null,
    family ? ports.gifts.listByRegistryWithStatus(registry.id, 'disputed') : null,
    family ? ports.offlineGifts.totalOf(registry.id) : null,
    family && registry.status === 'open' && ports.disputes ? ports.disputes.listUndecidedGiftIds(registry.id) : null,
  ]);
  const statuses = tallies ? new Set(tallies.map((tally) => tally.paymentStatus)) : null;
  const giftCount = tallies ? succeededCount(tallies) : (counts?.get(registry.id) ?? 0);
  // The family (owner and co-owners) learns whether a gift holds the currency and deletion (a paid
  // one, or one whose refund is under way); everyone else only whether anyone gave, which is what
  // the count says too.
  // The owner's close screen shows what closing would pay, summed by the rule closing uses.
  const closing = tallies ? closingAmountsOf(tallies) : null;
  const held = disputed ? heldAtClosing(disputed, undecided ?? new Set()) : null;
  // Gifts given by hand hold the currency too (they were recorded in it), but not deletion.
  const hasGiftsGivenByHand = (byHand?.count ?? 0) > 0;
  return {
    registry,
    preferredCharity,
    giftCount,
    hasGifts: statuses ? holdsPaidGift(statuses) : giftCount > 0,
    hasGiftsGivenByHand,
    role,
    gifts: recent,
    closing,
    held,
  };
}

/** Anyone may look at a registry; only its owner and co-owners see the gifts. */
export async function viewRegistry(actor: User | null, id: string, ports: Ports): Promise<RegistryDetails> {
  return details(actor, await ports.registries.findById(id), ports);
}

export async function viewRegistryByShortCode(actor: User | null, shortCode: string, ports: Ports): Promise<RegistryDetails> {
  return details(actor, await ports.registries.findByShortCode(shortCode.trim().toLowerCase()), ports);
}
