import type { User } from '../model/user';
import type { Charity } from '../model/charity';
import { givenAt, receivedGifts, type ReceivedGift } from '../model/received-gift';
import type { Repositories } from '../ports/repositories';
import { requireManager } from '../access/registry-access';
import type { Registry } from '../model/registry';
import type { ThankYouNote } from '../model/thank-you-note';
import type { CardCandidate } from './card-for-all-recipients';
import { registryNotFound } from '../access/registry-not-found';

export interface Contributor {
  gift: ReceivedGift;
  /** Null for a gift given by hand. */
  charity: Charity | null;
  note: ThankYouNote | null;
}

/**
 * Everyone who gave (succeeded gifts and gifts given by hand), newest first, with their
 * thank-you note if any; for the owner and co-owners. Thank-you progress counts them all.
 */
export async function listContributors(
  actor: User | null,
  registryId: string,
  ports: Pick<Repositories, 'registries' | 'gifts' | 'offlineGifts' | 'thankYouNotes' | 'charities'>,
): Promise<Contributor[]> {
  const registry = await ports.registries.findById(registryId);
  if (!registry) throw registryNotFound();
  requireManager(registry, actor);
  return contributorsOf(registry, ports);
}

/**
 * The registry's contributors, for a caller that has checked who may see them. A refunded gift
 * is no longer one: its giver has their money back.
 */
export async function contributorsOf(
  registry: Registry,
  ports: Pick<Repositories, 'gifts' | 'offlineGifts' | 'thankYouNotes' | 'charities'>,
): Promise<Contributor[]> {
  const [online, byHand] = await Promise.all([ports.gifts.listByRegistry(registry.id), ports.offlineGifts.listByRegistry(registry.id)]);
  const paid = online.filter((gift) => gift.paymentStatus === 'succeeded');
  const gifts = receivedGifts(paid, byHand).sort((a, b) => givenAt(b).getTime() - givenAt(a).getTime());
  const [notes, charities] = await Promise.all([
    ports.thankYouNotes.listByGiftIds(gifts.map((gift) => gift.id)),
    ports.charities.listAll(),
  ]);
  // Looked up by id, not searched: a registry of 10,000 gifts would compare every gift with every note.
  const noteOfGift = new Map(notes.map((note) => [note.giftId, note]));
  const charityById = new Map(charities.map((charity) => [charity.id, charity]));
  return gifts.map((gift) => ({
    gift,
    charity: gift.byHand ? null : (charityById.get(gift.charityId) ?? null),
    note: noteOfGift.get(gift.id) ?? null,
  }));
}

/** A contributor as the choice of recipients of a card for everyone sees it. */
export function cardCandidate({ gift, note }: Contributor): CardCandidate {
  return { giverName: gift.giftGiverName, giverEmail: gift.giftGiverEmail, noteStatus: note?.status ?? null };
}
