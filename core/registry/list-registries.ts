import type { User } from '../model/user';
import type { Charity } from '../model/charity';
import { closingAmountsOf } from '../model/closing-amounts';
import type { CharityRepository } from '../ports/charity-repository';
import type { GiftRepository } from '../ports/gift-repository';
import type { RegistryRepository } from '../ports/registry-repository';
import type { Registry } from '../model/registry';
import { childNameSearchWords } from './child-name-search';
import { requireSignedIn } from '../access/registry-access';
import type { RegistryCard, RegistrySummary } from './registry-details';

/** At most this many registries answer a search: a guest looks for one child, not a list. */
export const SEARCH_LIMIT = 20;
/** As many as the visitors' 'Recent Registries' shows: two rows of three on a wide screen. */
const RECENTLY_CREATED_LIMIT = 6;

async function cards(registries: Registry[], ports: { charities: CharityRepository }): Promise<RegistryCard[]> {
  const charities = await ports.charities.listAll();
  const byId = new Map<string, Charity>(charities.map((charity) => [charity.id, charity]));
  return registries.map((registry) => ({
    registry,
    preferredCharity: registry.preferredCharityId ? (byId.get(registry.preferredCharityId) ?? null) : null,
  }));
}

async function summaries(
  registries: Registry[],
  user: User,
  ports: { gifts: GiftRepository; charities: CharityRepository },
): Promise<RegistrySummary[]> {
  // Each tile's Total Received and count are the registry's figures, derived as every other
  // screen's, from one aggregate over all the user's registries however many gifts they hold.
  const [tallies, withCharities] = await Promise.all([
    ports.gifts.tallyByRegistries(registries.map((registry) => registry.id)),
    cards(registries, ports),
  ]);
  return withCharities.map((card) => {
    const figures = closingAmountsOf(tallies.get(card.registry.id) ?? []);
    return {
      ...card,
      figures,
      giftCount: figures.giftCount,
      role: card.registry.userId === user.id ? ('owner' as const) : ('coOwner' as const),
    };
  });
}

/** The registries the user owns or co-owns. */
export async function listMyRegistries(
  actor: User | null,
  ports: { registries: RegistryRepository; gifts: GiftRepository; charities: CharityRepository },
): Promise<RegistrySummary[]> {
  const user = requireSignedIn(actor);
  const [owned, coOwned] = await Promise.all([ports.registries.listByOwner(user.id), ports.registries.listByCoOwner(user.id)]);
  // One list, newest first, as the dashboard shows it: whose registry it is shows on each tile.
  const all = [...owned, ...coOwned].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1));
  return summaries(all, user, ports);
}

/**
 * Guests find a registry by the beginning of a word of the child's name (child-name-search.ts);
 * only open registries its family has not made unlisted are found, at most SEARCH_LIMIT of them,
 * and never more than `atMost` (what the caller may still be shown: the HTTP adapter counts every
 * registry listed to a network, so no choice of queries lists every child).
 */
export async function searchRegistries(
  query: unknown,
  ports: { registries: RegistryRepository; charities: CharityRepository },
  atMost: number = SEARCH_LIMIT,
): Promise<RegistryCard[]> {
  const words = childNameSearchWords(query);
  // A guest's list shows no counts of gifts (a stranger need not learn who is popular), so none are read.
  return cards(await ports.registries.searchListedByChildName(words, Math.max(1, Math.min(SEARCH_LIMIT, atMost))), ports);
}

/**
 * The visitors' 'Recent Registries' (docs/product.md#home-dashboard): the newest open registries, leaving out
 * those their family made unlisted (reachable by their link only).
 */
export async function listRecentlyCreatedRegistries(ports: {
  registries: RegistryRepository;
  charities: CharityRepository;
}): Promise<RegistryCard[]> {
  return cards(await ports.registries.listNewestListed(RECENTLY_CREATED_LIMIT), ports);
}
