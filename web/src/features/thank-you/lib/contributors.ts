import type { CardProgressView, ContributorsPageView, ContributorView, ThankYouNoteView } from '@api/thank-you';

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

const COUNT_OF: Record<CardStatusLabel, Exclude<keyof CardProgressView, 'contributors'>> = {
  Sent: 'sent',
  Draft: 'draft',
  'No Card': 'noCard',
  'Not Delivered': 'notDelivered',
};

/**
 * The pages as the server will answer them once this note is saved or sent: the note on its row,
 * and the counts (over every contributor, on each page) moved from the row's old badge to its new
 * one. A row on no page loaded leaves the counts to the refresh that follows.
 */
export function withNoteInPages(pages: readonly ContributorsPageView[], note: ThankYouNoteView): ContributorsPageView[] {
  const row = pages.flatMap((page) => page.contributors).find((contributor) => contributor.id === note.giftId);
  const [from, to] = row ? [COUNT_OF[cardStatus(row)], COUNT_OF[cardStatus({ thankYouNote: note })]] : [null, null];
  return pages.map((page) => ({
    ...page,
    progress:
      from && to && from !== to ? { ...page.progress, [from]: page.progress[from] - 1, [to]: page.progress[to] + 1 } : page.progress,
    contributors: page.contributors.map((contributor) =>
      contributor.id === note.giftId ? { ...contributor, thankYouNote: note } : contributor,
    ),
  }));
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

/** 'sent/total cards sent' from the server's counts over every contributor. */
export function progressOfCounts({ sent, contributors: total }: CardProgressView): CardsProgress {
  return { sent, total, percent: total === 0 ? 0 : Math.round((sent / total) * 100) };
}
