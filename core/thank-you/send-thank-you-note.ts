import type { User } from '../model/user';
import { DomainError } from '../errors';
import { familySenderName } from '../mail/sender-name';
import { suppressionKey } from '../model/suppression';
import type { Clock } from '../ports/clock';
import type { UnitOfWork } from '../ports/repositories';
import { refuseUnknownFields, validate } from '../validate';
import { managedContributorGift } from '../access/note-access';
import { sendNoteSchema } from './note-schemas';
import { renderThankYouCard } from './render-card';
import type { ThankYouNote } from '../model/thank-you-note';
import type { TypedAddressMailBudget } from './typed-address-budget';

function noteNotFound(): DomainError {
  return new DomainError('note.not_found', 'Thank-you note not found');
}

/** Where a card goes: the address the family corrected it to, else the giver's own. */
export function cardAddressOf(note: Pick<ThankYouNote, 'sendTo'>, gift: { giftGiverEmail: string | null }): string | null {
  return note.sendTo ?? gift.giftGiverEmail;
}

/**
 * Sends the saved card to the giver (again, when it was sent before): the e-mail is queued and the
 * note marked sent in one transaction, so a card marked sent is never one that was not sent. A
 * giver who answers the card reaches the family: its Reply-To is the e-mail of the
 * parent who sent it (the owner or a co-owner), who wrote the card and will want the answer, and
 * From shows the family's name before our address.
 *
 * A card that was not delivered may be sent again to an address the family corrects (`email`),
 * kept as the card's address; sent again to the same address, the family vouches for it, and its
 * bounce suppression is lifted (docs/product.md#bounces-complaints-and-unsubscribes). A card to an
 * address the family typed (a gift given by hand, or a corrected one) is taken from the day's
 * budget first (and given back if it is not sent after all).
 */
export async function sendThankYouNote(
  actor: User | null,
  noteId: string,
  input: unknown,
  ports: { unitOfWork: UnitOfWork; clock: Clock; appUrl: string; typedAddresses: TypedAddressMailBudget },
): Promise<ThankYouNote> {
  refuseUnknownFields(input ?? {}, ['email']);
  const corrected = (await validate(sendNoteSchema, input ?? {})).email?.trim();
  const typed = await ports.unitOfWork.transaction(async (repositories) => {
    const note = await repositories.thankYouNotes.findById(noteId);
    if (!note) throw noteNotFound();
    const { gift, registry } = await managedContributorGift(actor, note.giftId, repositories);
    const to = corrected ?? cardAddressOf(note, gift);
    const familyTyped = (gift.byHand && gift.giftGiverEmail) || to !== gift.giftGiverEmail;
    if (!to || !familyTyped) return null;
    return { registryHasPaidGift: ((await repositories.gifts.countSucceeded([registry.id])).get(registry.id) ?? 0) > 0 };
  });
  if (typed) await ports.typedAddresses.take(1, typed.registryHasPaidGift);
  try {
    return await ports.unitOfWork.transaction(async (repositories) => {
      const note = await repositories.thankYouNotes.findById(noteId);
      if (!note) throw noteNotFound();
      const { gift, registry, writer } = await managedContributorGift(actor, note.giftId, repositories);
      const to = corrected ?? cardAddressOf(note, gift);
      // A gift given by hand may come without an address: that card is printed and handed over.
      if (!to) throw new DomainError('note.no_email', 'This giver has no e-mail address: print the card and give it by hand');
      const familyTyped = (gift.byHand && gift.giftGiverEmail) || to !== gift.giftGiverEmail;
      if (familyTyped && !typed)
        throw new DomainError('note.givers_changed', 'This giver’s details changed meanwhile. Please look again and send.');
      if (note.notDeliveredAt && suppressionKey(to) === suppressionKey(cardAddressOf(note, gift) ?? ''))
        await repositories.mailSuppressions.liftUndeliverable(to);
      const card = renderThankYouCard(
        {
          ...note,
          childName: registry.childName,
          celebrationType: registry.celebrationType,
          giverName: gift.giftGiverName,
          givenByHand: gift.byHand,
        },
        ports.appUrl,
      );
      const now = ports.clock.now();
      await repositories.mail.enqueue({
        to,
        kind: 'thank-you-card',
        senderName: familySenderName(writer),
        replyTo: writer.email,
        subject: card.subject,
        text: card.text,
        html: card.html,
        dedupeKey: `thank-you-${note.id}-${now.getTime()}`,
        thankYouNoteId: note.id,
      });
      return repositories.thankYouNotes.markSent(note.id, now, corrected);
    });
  } catch (error) {
    if (typed) await ports.typedAddresses.giveBack(1, typed.registryHasPaidGift);
    throw error;
  }
}
