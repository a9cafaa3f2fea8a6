import type { User } from '../account/user';
import type { Charity } from '../charity/charity';
import type { Repositories } from '../ports/repositories';
import { requireOwner } from '../registry/registry-access';
import { registryNotFound } from '../registry/registry-not-found';
import type { Registry } from '../registry/registry';
import type { ThankYouNote } from '../thank-you/thank-you-note';
import type { Gift } from './gift';
import { giftListPage, type GiftListPage } from './gift-list';
import { parseGiftListQuery, type GiftListQuery } from './gift-list-query';
import { refundRefusal } from './refund-gift';

export interface GiftListEntry {
  gift: Gift;
  charity: Charity | null;
  note: ThankYouNote | null;
  /** Whether the owner may refund it now (refundRefusal's word). */
  refundable: boolean;
}

export interface GiftList extends Omit<GiftListPage, 'gifts'> {
  registry: Registry;
  query: GiftListQuery;
  entries: GiftListEntry[];
}

/**
 * One page of every gift a registry received, with each giver's charity and thank-you card: for
 * the registry's owner alone (spec section 6: administrators see payouts, not who gave what).
 * The query is checked after the permission, so a stranger learns nothing from a bad one.
 */
export async function viewGiftList(
  registryId: string,
  query: unknown,
  ports: { user: User | null } & Pick<Repositories, 'registries' | 'gifts' | 'thankYouNotes' | 'charities'>,
): Promise<GiftList> {
  const registry = await ports.registries.findById(registryId);
  if (!registry || !registry.isActive) throw registryNotFound();
  requireOwner(registry, ports.user);
  const parsed = parseGiftListQuery(query);
  const { gifts, ...page } = giftListPage(await ports.gifts.listByRegistry(registry.id), parsed);
  const [notes, charities] = await Promise.all([ports.thankYouNotes.listByGiftIds(gifts.map((gift) => gift.id)), ports.charities.listAll()]);
  const entries = gifts.map((gift) => ({
    gift,
    charity: charities.find((charity) => charity.id === gift.charityId) ?? null,
    note: notes.find((note) => note.giftId === gift.id) ?? null,
    // The owner's own refunds: after closing, only the administrators' Gift Refunds page offers one.
    refundable: refundRefusal(gift, registry, { byAdmin: false, pendingCharityPayout: null }) === null,
  }));
  return { ...page, registry, query: parsed, entries };
}
