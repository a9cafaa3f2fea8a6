import { toWireAmount } from '@api/amount';
import type { CardForAllResult, ContributorView, SendNoteResult, ThankYouNoteView } from '@api/thank-you';
import type { CardToAllResult } from '@core/thank-you/send-card-to-all';
import type { Charity } from '@core/charity/charity';
import type { Gift } from '@core/gift/gift';
import type { ThankYouNote } from '@core/thank-you/thank-you-note';

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
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  } satisfies ThankYouNoteView;
}

export function presentContributor({ gift, charity, note }: { gift: Gift; charity: Charity | null; note: ThankYouNote | null }) {
  return {
    id: gift.id,
    giftGiverName: gift.giftGiverName,
    giftGiverEmail: gift.giftGiverEmail,
    amount: toWireAmount(gift.amount),
    charityId: gift.charityId,
    charityName: charity?.name ?? null,
    personalMessage: gift.personalMessage,
    createdAt: gift.createdAt.toISOString(),
    thankYouNote: note ? presentNote(note) : null,
  } satisfies ContributorView;
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
