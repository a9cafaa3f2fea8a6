import type { Gift } from '../model/gift';
import type { Repositories } from '../ports/repositories';
import type { Registry } from '../model/registry';
import type { Dispute } from '../model/dispute';

/** A dispute as the administrators' Disputes page shows it, with the gift, its giver and its registry. */
export interface DisputeListing {
  dispute: Dispute;
  gift: Pick<Gift, 'id' | 'giftGiverName' | 'giftGiverEmail' | 'amount'>;
  registry: Pick<Registry, 'id' | 'childName' | 'shortCode' | 'status' | 'payoutMethod' | 'payoutStatus' | 'stripePayoutId'>;
  /** What an administrator may take back from the family's bank transfer now (see reverse-dispute-transfer.ts), or null. */
  reversibleAmount: number | null;
}

/**
 * A lost dispute whose money had gone to the family by bank transfer: the family's part of the
 * gift may be taken back from that transfer, once. Null when nothing may be.
 */
export function reversibleAmount(
  dispute: Dispute,
  gift: Pick<Gift, 'childAmount' | 'paymentStatus' | 'refundedAtPlatformCost'>,
  registry: Pick<Registry, 'payoutMethod' | 'payoutStatus' | 'stripePayoutId'>,
): number | null {
  if (dispute.status !== 'lost' || dispute.phase !== 'paid' || dispute.transferReversalId) return null;
  if (registry.payoutMethod !== 'bank' || registry.payoutStatus !== 'completed' || !registry.stripePayoutId) return null;
  // A gift given back out of the payouts (a payment that came after closing, a refund while they
  // waited) was never in the family's transfer: taking its part back would take another gift's.
  if ((gift.paymentStatus === 'refunded' || gift.paymentStatus === 'refunding') && !gift.refundedAtPlatformCost) return null;
  return gift.childAmount > 0 ? gift.childAmount : null;
}

/** One dispute as the page lists it, or null when its gift or registry is gone. */
export async function disputeListing(dispute: Dispute, ports: Pick<Repositories, 'gifts' | 'registries'>): Promise<DisputeListing | null> {
  const [gift, registry] = await Promise.all([ports.gifts.findById(dispute.giftId), ports.registries.findById(dispute.registryId)]);
  return gift && registry ? { dispute, gift, registry, reversibleAmount: reversibleAmount(dispute, gift, registry) } : null;
}

/** Every dispute, newest first. */
export async function listDisputes(ports: Pick<Repositories, 'disputes' | 'gifts' | 'registries'>): Promise<DisputeListing[]> {
  const listings: DisputeListing[] = [];
  for (const dispute of await ports.disputes.list()) {
    const listing = await disputeListing(dispute, ports);
    if (listing) listings.push(listing);
  }
  return listings;
}
