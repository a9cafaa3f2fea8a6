import type { User } from '../model/user';
import type { Charity } from '../model/charity';
import { ownerTotals, type OwnerTotals } from '../model/owner-totals';
import type { ReceivedGift } from '../model/received-gift';
import type { Repositories } from '../ports/repositories';
import { requireManager } from '../access/registry-access';
import { registryNotFound } from '../access/registry-not-found';
import type { Registry } from '../model/registry';
import type { ThankYouNote } from '../model/thank-you-note';
import { pageCountOf, type GiftListPage } from '../model/gift-list';
import { succeededStandIns } from './succeeded-stand-ins';
import { parseGiftListQuery, type GiftListQuery } from '../model/gift-list-query';
import { payoutsOfRegistry, refundRefusal, refundWindow } from './refund-refusals';
import type { RefundWindow } from './refund-window';

export interface GiftListEntry {
  gift: ReceivedGift;
  /** Null for a gift given by hand: no charity shares in it. */
  charity: Charity | null;
  note: ThankYouNote | null;
  /** Whether the owner may refund it now (refundRefusal's word). */
  refundable: boolean;
}

export interface GiftList extends Omit<GiftListPage, 'gifts'> {
  registry: Registry;
  query: GiftListQuery;
  entries: GiftListEntry[];
  totals: OwnerTotals;
  /** Whether refunds are still possible, and if not why (said once, above the gifts). */
  refundWindow: RefundWindow;
}

/**
 * One page of every gift a registry received, online and by hand, with each giver's charity and
 * thank-you card and the owner's totals: for the registry's owner and co-owners alone
 * (docs/product.md#roles-and-permissions: administrators see payouts, not who gave what). The
 * query is checked after the permission, so a stranger learns nothing from a bad one.
 */
export async function viewGiftList(
  actor: User | null,
  registryId: string,
  query: unknown,
  ports: Pick<Repositories, 'registries' | 'gifts' | 'offlineGifts' | 'thankYouNotes' | 'charities' | 'charityPayouts' | 'disputes'>,
): Promise<GiftList> {
  const registry = await ports.registries.findById(registryId);
  if (!registry || !registry.isActive) throw registryNotFound();
  requireManager(registry, actor);
  const parsed = parseGiftListQuery(query);
  // The page alone is read, and the totals are one aggregate: the cost stays that of a page
  // however many gifts the registry received.
  const [page, tallies, byHand, payoutOf, wonGifts] = await Promise.all([
    ports.gifts.pageReceived(registry.id, parsed),
    ports.gifts.tallyByRegistry(registry.id),
    ports.offlineGifts.totalOf(registry.id),
    payoutsOfRegistry(registry, ports),
    registry.status === 'open'
      ? []
      : ports.disputes.listFollowUpsOfRegistry(registry.id).then((won) => ports.gifts.findByIds(won.map((dispute) => dispute.giftId))),
  ]);
  const { gifts } = page;
  const [notes, charities] = await Promise.all([
    ports.thankYouNotes.listByGiftIds(gifts.map((gift) => gift.id)),
    ports.charities.listAll(),
  ]);
  const entries = gifts.map((gift) => ({
    gift,
    charity: gift.byHand ? null : (charities.find((charity) => charity.id === gift.charityId) ?? null),
    note: notes.find((note) => note.giftId === gift.id) ?? null,
    // Money given by hand never passed through us: there is nothing to give back.
    refundable: !gift.byHand && refundRefusal(gift, registry, payoutOf(gift)) === null,
  }));
  return {
    matching: page.matching,
    giftCount: page.giftCount,
    page: parsed.page,
    pageCount: pageCountOf(page.matching),
    registry,
    query: parsed,
    entries,
    totals: ownerTotals(tallies, byHand, registry.currency),
    refundWindow: refundWindow(registry, succeededStandIns(tallies, wonGifts), payoutOf),
  };
}
