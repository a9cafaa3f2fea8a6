import type { Gift } from './gift';
import type { OfflineGift } from './offline-gift';
import type { ThankYouNote } from './thank-you-note';
import { thankYouStatusOf, type ThankYouStatus } from './thank-you-status';
import { giftListSearchKeys, searchNeedle } from './gift-list';
import { givenAt, receivedGifts, type ReceivedGift } from './received-gift';
import { CONTRIBUTORS_PAGE_SIZE, type ContributorsQuery } from './contributors-query';

/**
 * Where the registry's thank-you cards stand, over every contributor whatever the search: the
 * page's 'sent/total cards sent' and each badge's count. A sent card the giver's mailbox did not
 * take is not delivered, not sent; no card is every contributor the others leave.
 */
export interface CardProgressCounts {
  contributors: number;
  sent: number;
  draft: number;
  notDelivered: number;
  noCard: number;
}

export interface ContributorsPageRows {
  /** This page's gifts, newest first. */
  gifts: ReceivedGift[];
  /** Contributors matching the search; every one without one. */
  matching: number;
  progress: CardProgressCounts;
}

export function pageCountOfContributors(matching: number): number {
  return Math.max(1, Math.ceil(matching / CONTRIBUTORS_PAGE_SIZE));
}

const COUNTED_AS: Record<ThankYouStatus, Exclude<keyof CardProgressCounts, 'contributors'>> = {
  none: 'noCard',
  draft: 'draft',
  sent: 'sent',
  not_delivered: 'notDelivered',
};

/** The counts of these contributors' cards, one note (or none) each. */
export function cardProgressOf(notes: readonly (ThankYouNote | null)[]): CardProgressCounts {
  const counts: CardProgressCounts = { contributors: notes.length, sent: 0, draft: 0, notDelivered: 0, noCard: 0 };
  for (const note of notes) counts[COUNTED_AS[thankYouStatusOf(note)]] += 1;
  return counts;
}

function matches(gift: ReceivedGift, needle: string): boolean {
  const keys = giftListSearchKeys(gift.giftGiverName, gift.giftGiverEmail, null);
  return keys.giverKey.includes(needle) || (keys.emailKey ?? '').includes(needle);
}

/**
 * One page of the contributors (succeeded gifts and gifts given by hand), searched by the giver's
 * name or e-mail folded as the gift list folds them, newest first, ties by id from the highest, so
 * paging through never shows a gift twice or skips one. A database pages the same way over its
 * stored keys (adapters/persistence/repositories/mikro-orm-contributors-page.ts).
 */
export function contributorsPage(
  gifts: readonly Gift[],
  offlineGifts: readonly OfflineGift[],
  notes: readonly ThankYouNote[],
  query: ContributorsQuery,
): ContributorsPageRows {
  const everyone = receivedGifts(
    gifts.filter((gift) => gift.paymentStatus === 'succeeded'),
    offlineGifts,
  );
  const noteOfGift = new Map(notes.map((note) => [note.giftId, note]));
  const needle = searchNeedle(query.q);
  const found = needle === '' ? everyone : everyone.filter((gift) => matches(gift, needle));
  const sorted = [...found].sort((a, b) => givenAt(b).getTime() - givenAt(a).getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const start = (query.page - 1) * CONTRIBUTORS_PAGE_SIZE;
  return {
    gifts: sorted.slice(start, start + CONTRIBUTORS_PAGE_SIZE),
    matching: found.length,
    progress: cardProgressOf(everyone.map((gift) => noteOfGift.get(gift.id) ?? null)),
  };
}
