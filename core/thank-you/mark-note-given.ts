import type { User } from '../model/user';
import { DomainError } from '../errors';
import type { Clock } from '../ports/clock';
import type { UnitOfWork } from '../ports/repositories';
import { managedContributorGift } from '../access/note-access';
import type { ThankYouNote } from '../model/thank-you-note';

/**
 * The family printed the card of a gift given by hand and gave it to the giver: the note counts
 * as sent (thank-you progress covers every gift) without any e-mail. Only for gifts given by
 * hand: a gift paid online is thanked by e-mail, where the address is known to work.
 */
export async function markThankYouNoteGiven(
  actor: User | null,
  noteId: string,
  ports: { unitOfWork: UnitOfWork; clock: Clock },
): Promise<ThankYouNote> {
  return ports.unitOfWork.transaction(async (repositories) => {
    const note = await repositories.thankYouNotes.findById(noteId);
    if (!note) throw new DomainError('note.not_found', 'Thank-you note not found');
    const { gift } = await managedContributorGift(actor, note.giftId, repositories);
    if (!gift.byHand) throw new DomainError('note.not_by_hand', 'Cards for gifts given online are sent by e-mail');
    return repositories.thankYouNotes.markSent(note.id, ports.clock.now());
  });
}
