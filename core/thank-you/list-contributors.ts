import type { User } from '../account/user';
import type { Charity } from '../charity/charity';
import type { Gift } from '../gift/gift';
import type { Repositories } from '../ports/repositories';
import { requireManager } from '../registry/registry-access';
import type { ThankYouNote } from './thank-you-note';
import { registryNotFound } from '../registry/registry-not-found';

export interface Contributor {
  gift: Gift;
  charity: Charity | null;
  note: ThankYouNote | null;
}

/** Everyone who gave (succeeded gifts), newest first, with their thank-you note if any; for the owner and co-owners. */
export async function listContributors(
  registryId: string,
  ports: { user: User | null } & Pick<Repositories, 'registries' | 'gifts' | 'thankYouNotes' | 'charities'>,
): Promise<Contributor[]> {
  const registry = await ports.registries.findById(registryId);
  if (!registry) throw registryNotFound();
  requireManager(registry, ports.user);
  const gifts = (await ports.gifts.listByRegistry(registry.id)).filter((gift) => gift.paymentStatus === 'succeeded');
  const [notes, charities] = await Promise.all([ports.thankYouNotes.listByGiftIds(gifts.map((gift) => gift.id)), ports.charities.listAll()]);
  return gifts.map((gift) => ({
    gift,
    charity: charities.find((charity) => charity.id === gift.charityId) ?? null,
    note: notes.find((note) => note.giftId === gift.id) ?? null,
  }));
}
