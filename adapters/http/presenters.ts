import type { Charity, CharityView } from '../../core/charity/charity';
import type { Gift } from '../../core/gift/gift';
import { centsToAmount, type Cents } from '../../core/money';
import type { Registry } from '../../core/registry/registry';
import type { PayoutDetailsView } from '../../core/payout/payout-details-view';
import type { RegistryDetails, RegistrySummary } from '../../core/registry/registry-details';

export function presentCharity(charity: Charity): CharityView {
  return {
    id: charity.id,
    name: charity.name,
    description: charity.description,
    website: charity.website,
    imageUrl: charity.imageUrl,
    category: charity.category,
    isActive: charity.isActive,
    createdAt: charity.createdAt.toISOString(),
  };
}

const charityName = (charity: Charity | null) => (charity ? { id: charity.id, name: charity.name } : null);

/** A gift as its registry's owner sees it; nobody else ever does. */
export function presentGift(gift: Gift) {
  return {
    id: gift.id,
    giftGiverName: gift.giftGiverName,
    giftGiverEmail: gift.giftGiverEmail,
    amount: centsToAmount(gift.amount),
    childAmount: centsToAmount(gift.childAmount),
    charityAmount: centsToAmount(gift.charityAmount),
    charityId: gift.charityId,
    personalMessage: gift.personalMessage,
    paymentStatus: gift.paymentStatus,
    createdAt: gift.createdAt.toISOString(),
  };
}

/**
 * The registry page's data. Everyone sees the celebration and how many people gave; only the
 * owner sees who gave, how much, and the totals.
 */
export function presentRegistry(details: RegistryDetails) {
  const { registry } = details;
  const shared = {
    id: registry.id,
    shortCode: registry.shortCode,
    childName: registry.childName,
    celebrationDate: registry.celebrationDate.toISOString(),
    personalMessage: registry.personalMessage,
    photoUrl: registry.photoUrl,
    preferredCharityId: registry.preferredCharityId,
    preferredCharity: charityName(details.preferredCharity),
    allowCharityChoice: registry.allowCharityChoice,
    status: registry.status,
    currency: registry.currency,
    giftCount: details.giftCount,
    hasGifts: details.hasGifts,
    createdAt: registry.createdAt.toISOString(),
  };
  if (!details.isOwner) return { ...shared, isOwner: false as const };
  return {
    ...shared,
    isOwner: true as const,
    userId: registry.userId,
    totalReceived: centsToAmount(registry.totalReceived),
    gifts: (details.gifts ?? []).map(presentGift),
    ...presentPayoutDetails(registry),
  };
}

const amountOrNull = (cents: Cents | null) => (cents === null ? null : centsToAmount(cents));

/** How and what the family is paid; for the owner and for administrators only. */
export function presentPayoutDetails(registry: Registry): PayoutDetailsView {
  return {
    payoutMethod: registry.payoutMethod,
    paypalEmail: registry.paypalEmail,
    mailingName: registry.mailingName,
    mailingAddress: registry.mailingAddress,
    mailingCity: registry.mailingCity,
    mailingState: registry.mailingState,
    mailingZip: registry.mailingZip,
    mailingCountry: registry.mailingCountry,
    closedAt: registry.closedAt?.toISOString() ?? null,
    payoutAmount: amountOrNull(registry.payoutAmount),
    charityPayoutAmount: amountOrNull(registry.charityPayoutAmount),
    payoutStatus: registry.payoutStatus,
    payoutSentAt: registry.payoutSentAt?.toISOString() ?? null,
  };
}

/** A registry tile; search results carry no money, the owner's own list carries its totals. */
export function presentRegistrySummary(summary: RegistrySummary, options: { financials: boolean }) {
  const { registry } = summary;
  const card = {
    id: registry.id,
    shortCode: registry.shortCode,
    childName: registry.childName,
    celebrationDate: registry.celebrationDate.toISOString(),
    photoUrl: registry.photoUrl,
    preferredCharity: charityName(summary.preferredCharity),
    currency: registry.currency,
    status: registry.status,
  };
  return options.financials ? { ...card, totalReceived: centsToAmount(registry.totalReceived), giftCount: summary.giftCount } : card;
}
