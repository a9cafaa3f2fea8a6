import type { ContributorView } from '@api/thank-you';

/**
 * The badge of a contributor's card (docs/product.md#thank-you-cards-page): a sent card the giver's
 * mailbox did not take is Not Delivered, and does not count as sent.
 */
export type CardStatusLabel = 'Sent' | 'Draft' | 'No Card' | 'Not Delivered';

export function cardStatus(contributor: Pick<ContributorView, 'thankYouNote'>): CardStatusLabel {
  const note = contributor.thankYouNote;
  if (!note) return 'No Card';
  if (note.status !== 'sent') return 'Draft';
  return note.notDeliveredAt ? 'Not Delivered' : 'Sent';
}

/** Case-insensitive, by the giver's name or e-mail; an empty query matches everyone. */
function matchesContributor(contributor: Pick<ContributorView, 'giftGiverName' | 'giftGiverEmail'>, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return (
    contributor.giftGiverName.toLocaleLowerCase().includes(needle) ||
    (contributor.giftGiverEmail ?? '').toLocaleLowerCase().includes(needle)
  );
}

export function filterContributors<T extends Pick<ContributorView, 'giftGiverName' | 'giftGiverEmail'>>(
  contributors: readonly T[],
  query: string,
): T[] {
  return contributors.filter((contributor) => matchesContributor(contributor, query));
}

export interface CardsProgress {
  sent: number;
  total: number;
  /** 0 to 100, for the bar. */
  percent: number;
}

/** 'sent/total cards sent' (docs/product.md#thank-you-cards-page). */
export function cardsProgress(contributors: readonly Pick<ContributorView, 'thankYouNote'>[]): CardsProgress {
  const total = contributors.length;
  const sent = contributors.filter((contributor) => cardStatus(contributor) === 'Sent').length;
  return { sent, total, percent: total === 0 ? 0 : Math.round((sent / total) * 100) };
}
