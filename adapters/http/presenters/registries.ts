import { toWireAmount } from '@api/amount';
import type {
  CoOwnerRegistryView,
  ManagerRegistryView,
  MessageAnswer,
  MyRegistry,
  OwnerRegistryView,
  RegistrySearchResult,
  RegistryView,
} from '@api/registries';
import type { Currency } from '@core/money';
import type { RegistryCard, RegistryDetails, RegistrySummary } from '@core/registry/registry-details';
import { charityName } from './charities';
import { presentCelebrationHebrewDate } from './hebrew-dates';
import { presentGift } from './gifts';
import { presentClosingAmounts, presentPayoutDetails, presentPayoutProgress } from './payouts';

/**
 * The registry page's data. Everyone sees the celebration and how many people gave; only the
 * owner and co-owners see who gave, how much, the totals, and what closing would pay; only the
 * owner sees where the payout goes.
 */
export function presentRegistry(details: RegistryDetails): RegistryView | ManagerRegistryView {
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
    photoFocusX: registry.photoFocusX,
    photoFocusY: registry.photoFocusY,
    preferredCharityId: registry.preferredCharityId,
    preferredCharity: charityName(details.preferredCharity),
    allowCharityChoice: registry.allowCharityChoice,
    status: registry.status,
    currency: registry.currency,
    giftCount: details.giftCount,
    hasGifts: details.hasGifts,
    createdAt: registry.createdAt.toISOString(),
  };
  if (!details.role) return { ...shared, isOwner: false as const, isCoOwner: false as const } satisfies RegistryView;
  const managed = {
    ...shared,
    userId: registry.userId,
    hasGiftsGivenByHand: details.hasGiftsGivenByHand,
    unlisted: registry.unlisted,
    totalReceived: toWireAmount(details.closing?.totalReceived ?? registry.totalReceived),
    gifts: (details.gifts ?? []).map(presentGift),
    closingAmounts: presentClosingAmounts(details.closing, details.held),
  };
  if (details.role === 'coOwner') {
    return {
      ...managed,
      ...presentPayoutProgress(registry),
      isOwner: false as const,
      isCoOwner: true as const,
    } satisfies CoOwnerRegistryView;
  }
  return { ...managed, ...presentPayoutDetails(registry), isOwner: true as const, isCoOwner: false as const } satisfies OwnerRegistryView;
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

/** The registry after a call its owner or a co-owner may make (the use case has checked that). */
export function presentManagedRegistry(details: RegistryDetails): ManagerRegistryView {
  const view = presentRegistry(details);
  if (!view.isOwner && !view.isCoOwner) throw new Error('A call for the registry’s family read it for someone else');
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
    photoFocusX: registry.photoFocusX,
    photoFocusY: registry.photoFocusY,
    preferredCharity: charityName(card.preferredCharity),
    currency: registry.currency,
    status: registry.status,
  } satisfies RegistrySearchResult;
}

/** A tile of search or the recent registries: no money. */
export function presentRegistrySummary(card: RegistryCard) {
  return presentCard(card);
}

/** A tile of the user's own list: its totals, whether it is unlisted, and whether the user owns or co-owns it. */
export function presentMyRegistry(summary: RegistrySummary) {
  return {
    ...presentCard(summary),
    totalReceived: toWireAmount(summary.figures.totalReceived),
    giftCount: summary.giftCount,
    unlisted: summary.registry.unlisted,
    role: summary.role,
  } satisfies MyRegistry;
}

export function presentCurrencyChanged(changed: { message: string; currency: Currency }) {
  return { message: changed.message, currency: changed.currency };
}

export function presentMessage(answer: { message: string }) {
  return { message: answer.message } satisfies MessageAnswer;
}
