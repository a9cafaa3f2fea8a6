import type { User } from '../account/user';
import { DomainError } from '../errors';
import type { Clock } from '../ports/clock';
import type { UnitOfWork } from '../ports/repositories';
import { managedContributorGift } from './note-access';
import { renderThankYouCard } from './render-card';
import type { ThankYouNote } from './thank-you-note';

/**
 * Sends the saved card to the giver (again, when it was sent before): the e-mail is queued and the
 * note marked sent in one transaction, so a card marked sent is never one that was not sent. A
 * giver who answers the card reaches the family: its Reply-To is the e-mail of the
 * parent who sent it (the owner or a co-owner), who wrote the card and will want the answer.
 */
export async function sendThankYouNote(
  noteId: string,
  ports: { user: User | null; unitOfWork: UnitOfWork; clock: Clock; appUrl: string },
): Promise<ThankYouNote> {
  return ports.unitOfWork.transaction(async (repositories) => {
    const note = await repositories.thankYouNotes.findById(noteId);
    if (!note) throw new DomainError('note.not_found', 'Thank-you note not found');
    const { gift, registry, writer } = await managedContributorGift(note.giftId, { ...repositories, user: ports.user });
    // A gift given by hand may come without an address: that card is printed and handed over.
    if (!gift.giftGiverEmail) throw new DomainError('note.no_email', 'This giver has no e-mail address: print the card and give it by hand');
    const card = renderThankYouCard({ ...note, childName: registry.childName, celebrationType: registry.celebrationType, giverName: gift.giftGiverName, givenByHand: gift.byHand }, ports.appUrl);
    const now = ports.clock.now();
    await repositories.mail.enqueue({
      to: gift.giftGiverEmail,
      replyTo: writer.email,
      subject: card.subject,
      text: card.text,
      html: card.html,
      dedupeKey: `thank-you-${note.id}-${now.getTime()}`,
    });
    return repositories.thankYouNotes.markSent(note.id, now);
  });
}
