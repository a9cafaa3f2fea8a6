import { toWireAmount } from '@api/amount';
import type { MessageAnswer, MyRegistry, OwnerRegistryView, RegistrySearchResult, RegistryView } from '@api/registries';
import type { Currency } from '@core/money';
import type { RegistryCard, RegistryDetails, RegistrySummary } from '@core/registry/registry-details';
import { charityName } from './charities';
import { presentCelebrationHebrewDate } from './hebrew-dates';
import { presentGift } from './gifts';
import { presentClosingAmounts, presentPayoutDetails } from './payouts';

/**
 * The registry page's data. Everyone sees the celebration and how many people gave; only the
 * owner sees who gave, how much, the totals, and what closing would pay.
 */
export function presentRegistry(details: RegistryDetails): RegistryView | OwnerRegistryView {
  const { registry } = details;
  const shared = {
    id: registry.id,
    shortCode: registry.shortCode,
    childName: registry.childName,
    celebrationType: registry.celebrationType,
    celebrationDate: registry.celebrationDate.toISOString(),
    hebrewCalendar: registry.hebrewCalendar,
    hebrewDate: presentCelebrationHebrewDate(registry),
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
  if (!details.isOwner) return { ...shared, isOwner: false as const } satisfies RegistryView;
  return {
    ...shared,
    isOwner: true as const,
    userId: registry.userId,
    unlisted: registry.unlisted,
    totalReceived: toWireAmount(registry.totalReceived),
    gifts: (details.gifts ?? []).map(presentGift),
    closingAmounts: presentClosingAmounts(details.closing),
    ...presentPayoutDetails(registry),
  } satisfies OwnerRegistryView;
}

/**
 * The registry after a call only its owner may make (the use case has checked that), so always
 * the owner's view.
 */
export function presentOwnRegistry(details: RegistryDetails): OwnerRegistryView {
  const view = presentRegistry(details);
  if (!view.isOwner) throw new Error('An owner-only call read the registry for someone else');
  return view;
}

function presentCard(card: RegistryCard) {
  const { registry } = card;
  return {
    id: registry.id,
    shortCode: registry.shortCode,
    childName: registry.childName,
    celebrationType: registry.celebrationType,
    celebrationDate: registry.celebrationDate.toISOString(),
    hebrewDate: presentCelebrationHebrewDate(registry),
    photoUrl: registry.photoUrl,
    preferredCharity: charityName(card.preferredCharity),
    currency: registry.currency,
    status: registry.status,
  } satisfies RegistrySearchResult;
}

/** A tile of search or the recent registries: no money. */
export function presentRegistrySummary(card: RegistryCard) {
  return presentCard(card);
}

/** A tile of the owner's own list: its totals, and whether it is unlisted. */
export function presentMyRegistry(summary: RegistrySummary) {
  return {
    ...presentCard(summary),
    totalReceived: toWireAmount(summary.registry.totalReceived),
    giftCount: summary.giftCount,
    unlisted: summary.registry.unlisted,
  } satisfies MyRegistry;
}

export function presentCurrencyChanged(changed: { message: string; currency: Currency }) {
  return { message: changed.message, currency: changed.currency };
}

export function presentMessage(answer: { message: string }) {
  return { message: answer.message } satisfies MessageAnswer;
}
