import type { ContributorView, SendNoteResult, ThankYouNoteView } from '@api/thank-you';
import type { Contributor } from '@core/thank-you/list-contributors';
import type { ThankYouNote } from '@core/thank-you/thank-you-note';
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

export function presentSentNote(note: ThankYouNote) {
  return { note: presentNote(note), message: 'Thank you card sent' } satisfies SendNoteResult;
}

export function presentGivenNote(note: ThankYouNote) {
  return { note: presentNote(note), message: 'Thank you card marked as given' } satisfies SendNoteResult;
}
