import type { User } from '../model/user';
import type { Repositories } from '../ports/repositories';
import { requireManager } from '../access/registry-access';
import { registryNotFound } from '../access/registry-not-found';
import { parseContributorsQuery, type ContributorsQuery } from '../model/contributors-query';
import { pageCountOfContributors, type CardProgressCounts } from '../model/contributors-page';
import type { Contributor } from './list-contributors';

export interface ContributorsPage {
  query: ContributorsQuery;
  contributors: Contributor[];
  matching: number;
  pageCount: number;
  progress: CardProgressCounts;
}

/**
 * One page of the contributors, newest first, searched by name or e-mail, with where the cards
 * stand over them all: what the thank-you cards page shows, at the cost of a page however many
 * gave. For the owner and co-owners; the query is checked after the permission, so a stranger
 * learns nothing from a bad one.
 */
export async function pageContributors(
  actor: User | null,
  registryId: string,
  query: unknown,
  ports: Pick<Repositories, 'registries' | 'gifts' | 'thankYouNotes' | 'charities'>,
): Promise<ContributorsPage> {
  const registry = await ports.registries.findById(registryId);
  if (!registry) throw registryNotFound();
  requireManager(registry, actor);
  const parsed = parseContributorsQuery(query);
  const page = await ports.gifts.pageContributors(registry.id, parsed);
  const [notes, charities] = await Promise.all([
    ports.thankYouNotes.listByGiftIds(page.gifts.map((gift) => gift.id)),
    ports.charities.listAll(),
  ]);
  const noteOfGift = new Map(notes.map((note) => [note.giftId, note]));
  const charityById = new Map(charities.map((charity) => [charity.id, charity]));
  return {
    query: parsed,
    contributors: page.gifts.map((gift) => ({
      gift,
      charity: gift.byHand ? null : (charityById.get(gift.charityId) ?? null),
      note: noteOfGift.get(gift.id) ?? null,
    })),
    matching: page.matching,
    pageCount: pageCountOfContributors(page.matching),
    progress: page.progress,
  };
}
