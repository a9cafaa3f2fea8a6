import type { User } from '../account/user';
import { DomainError } from '../errors';
import type { Clock } from '../ports/clock';
import type { UnitOfWork } from '../ports/repositories';
import { managedContributorGift } from './note-access';
import { renderThankYouCard } from './render-card';
import type { ThankYouNote } from './thank-you-note';
import type { TypedAddressMailBudget } from './typed-address-budget';

function noteNotFound(): DomainError {
  return new DomainError('note.not_found', 'Thank-you note not found');
}

/**
 * Sends the saved card to the giver (again, when it was sent before): the e-mail is queued and the
 * note marked sent in one transaction, so a card marked sent is never one that was not sent. A
 * giver who answers the card reaches the family: its Reply-To is the e-mail of the
 * parent who sent it (the owner or a co-owner), who wrote the card and will want the answer.
 *
 * A card to a gift given by hand goes to an address the family typed, so it is taken from the
 * day's budget first (and given back if it is not sent after all).
 */
export async function sendThankYouNote(
  noteId: string,
  ports: { user: User | null; unitOfWork: UnitOfWork; clock: Clock; appUrl: string; typedAddresses: TypedAddressMailBudget },
): Promise<ThankYouNote> {
  const typed = await ports.unitOfWork.transaction(async (repositories) => {
    const note = await repositories.thankYouNotes.findById(noteId);
    if (!note) throw noteNotFound();
    const { gift, registry } = await managedContributorGift(note.giftId, { ...repositories, user: ports.user });
    if (!gift.byHand || !gift.giftGiverEmail) return null;
    return { registryHasPaidGift: ((await repositories.gifts.countSucceeded([registry.id])).get(registry.id) ?? 0) > 0 };
  });
  if (typed) await ports.typedAddresses.take(1, typed.registryHasPaidGift);
  try {
    return await ports.unitOfWork.transaction(async (repositories) => {
      const note = await repositories.thankYouNotes.findById(noteId);
      if (!note) throw noteNotFound();
      const { gift, registry, writer } = await managedContributorGift(note.giftId, { ...repositories, user: ports.user });
      // A gift given by hand may come without an address: that card is printed and handed over.
      if (!gift.giftGiverEmail) throw new DomainError('note.no_email', 'This giver has no e-mail address: print the card and give it by hand');
      if (gift.byHand && !typed) throw new DomainError('note.givers_changed', 'This giver’s details changed meanwhile. Please look again and send.');
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
  } catch (error) {
    if (typed) await ports.typedAddresses.giveBack(1, typed.registryHasPaidGift);
    throw error;
  }
}
