import { REMOVED_EMAIL } from '../model/redaction';
import { DomainError } from '../errors';
import type { Gift } from '../model/gift';
import type { Cents, Currency } from '../money';
import type { CharityPayout } from '../model/charity-payout';
import type { Repositories } from '../ports/repositories';
import type { Receipt } from '../model/receipt';
import { receiptDay } from '../receipt/receipt-day';
import { payoutsOfRegistry } from '../gift/refund-refusals';

export interface Donor {
  /** Null for a gift that got no receipt (under the threshold, or the charity's details were missing). */
  receiptNumber: string | null;
  giverName: string;
  /** Only where the giver agreed to share it with the charity, and until the guests' data is purged. */
  giverEmail: string | null;
  /** The charity's 10% of the gift. */
  amount: Cents;
  currency: Currency;
  /** The receipt's day, or for a gift without one the day it was given, US Eastern time (receipt-day.ts), YYYY-MM-DD. */
  date: string;
  /** void: the gift was refunded or its payment taken back, so it is no donation; its receipt is listed so the charity can strike it. */
  status: 'donation' | 'void';
}

export interface DonorList {
  payout: CharityPayout;
  charityName: string;
  donors: Donor[];
}

/** The gift's place in the charity's donor list, or null when it has none (never paid, or refunded without a receipt). */
function donorOf(gift: Gift, receipt: Receipt | undefined): Donor | null {
  const paid = gift.paymentStatus === 'succeeded' || gift.paymentStatus === 'refunding';
  const status = receipt?.status === 'void' ? 'void' : paid ? 'donation' : null;
  if (!status) return null;
  const shared = status === 'donation' && gift.shareEmailWithCharity && gift.giftGiverEmail !== REMOVED_EMAIL;
  return {
    receiptNumber: receipt?.number ?? null,
    // The receipt's snapshot keeps the name the charity was told, after a family's deletion too.
    giverName: receipt?.giverName ?? gift.giftGiverName,
    giverEmail: shared ? gift.giftGiverEmail : null,
    amount: receipt?.amount ?? gift.charityAmount,
    currency: gift.currency,
    date: receipt?.issuedOn ?? receiptDay(gift.createdAt),
    status,
  };
}

/**
 * Who gave the charity what in one payout, so it can acknowledge its donors and keep its records:
 * every gift whose 10% went into this payout, oldest first, with its receipt when it has one;
 * voided receipts are listed as void, not as donations. A registry's gifts go into the payout its
 * closing joined, but a gift whose dispute was won after closing goes into the newer one its win
 * joined, and is listed there alone. Administrators only (the caller checks).
 */
export async function donorList(
  payoutId: string,
  repositories: Pick<Repositories, 'charityPayouts' | 'charities' | 'gifts' | 'receipts' | 'registries' | 'disputes'>,
): Promise<DonorList> {
  const payout = await repositories.charityPayouts.findById(payoutId);
  if (!payout) throw new DomainError('payout.not_found', 'Payout not found');
  const charity = await repositories.charities.findById(payout.charityId);
  const gifts = (await Promise.all(payout.registryIds.map((id) => giftsOfPayout(payout, id, repositories)))).flat();
  const receipts = new Map(
    (await repositories.receipts.listByGiftIds(gifts.map((gift) => gift.id))).map((receipt) => [receipt.giftId, receipt]),
  );
  const donors = gifts
    .map((gift) => donorOf(gift, receipts.get(gift.id)))
    .filter((donor) => donor !== null)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : (a.receiptNumber ?? '') < (b.receiptNumber ?? '') ? -1 : 1));
  return { payout, charityName: charity?.name ?? 'Unknown charity', donors };
}

/** The registry's gifts to the payout's charity whose 10% this payout holds (or held, for a refunded one). */
async function giftsOfPayout(
  payout: CharityPayout,
  registryId: string,
  repositories: Pick<Repositories, 'gifts' | 'registries' | 'charityPayouts' | 'disputes'>,
): Promise<Gift[]> {
  const registry = await repositories.registries.findById(registryId);
  if (!registry) return [];
  const [gifts, payoutsOf] = await Promise.all([repositories.gifts.listByRegistry(registryId), payoutsOfRegistry(registry, repositories)]);
  return gifts.filter(
    (gift) => gift.charityId === payout.charityId && gift.currency === payout.currency && payoutsOf(gift).charity?.id === payout.id,
  );
}
