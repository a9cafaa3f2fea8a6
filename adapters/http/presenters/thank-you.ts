import type { CardForAllResult, ContributorsPageView, ContributorView, SendNoteResult, ThankYouNoteView } from '@api/thank-you';
import { CONTRIBUTORS_PAGE_SIZE } from '@core/model/contributors-query';
import type { ContributorsPage } from '@core/thank-you/page-contributors';
import type { CardToAllResult } from '@core/thank-you/send-card-to-all';
import type { Contributor } from '@core/thank-you/list-contributors';
import type { ThankYouNote } from '@core/model/thank-you-note';
import { presentReceivedGift } from './received-gift';

export function presentNote(note: ThankYouNote) {
  return {
    id: note.id,
    giftId: note.giftId,
    templateId: note.templateId,
    customMessage: note.customMessage,
    imageUrls: note.imageUrls,
    imageSize: note.imageSize,
    status: note.status,
    sentAt: note.sentAt?.toISOString() ?? null,
    sendTo: note.sendTo,
    notDeliveredAt: note.notDeliveredAt?.toISOString() ?? null,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  } satisfies ThankYouNoteView;
}

export function presentContributor({ gift, charity, note }: Contributor) {
  return {
    ...presentReceivedGift(gift, charity),
    // The family's note on a gift given by hand is theirs, not a message from the giver.
    personalMessage: gift.byHand ? null : gift.personalMessage,
    thankYouNote: note ? presentNote(note) : null,
  } satisfies ContributorView;
}

export function presentContributorsPage(page: ContributorsPage) {
  return {
    q: page.query.q,
    page: page.query.page,
    pageCount: page.pageCount,
    pageSize: CONTRIBUTORS_PAGE_SIZE,
    matching: page.matching,
    progress: page.progress,
    contributors: page.contributors.map(presentContributor),
  } satisfies ContributorsPageView;
}

export function presentSentNote(note: ThankYouNote) {
  return { note: presentNote(note), message: 'Thank you card sent' } satisfies SendNoteResult;
}

export function presentCardForAll(result: CardToAllResult) {
  const sent = result.sentTo.length;
  return {
    cardId: result.card.id,
    sentCount: sent,
    sentTo: result.sentTo,
    withoutEmail: result.withoutEmail,
    message: sent === 1 ? '1 thank-you card sent' : `${sent} thank-you cards sent`,
  } satisfies CardForAllResult;
}

export function presentGivenNote(note: ThankYouNote) {
  return { note: presentNote(note), message: 'Thank you card marked as given' } satisfies SendNoteResult;
}
