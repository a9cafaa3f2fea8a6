import type { User } from '../model/user';
import { DomainError } from '../errors';
import type { Clock } from '../ports/clock';
import type { PhotoStore } from '../ports/photo-store';
import type { UnitOfWork } from '../ports/repositories';
import { requireManager } from '../access/registry-access';
import { registryNotFound } from '../access/registry-not-found';
import { refuseUnknownFields, validate } from '../validate';
import { cardForAllRecipients } from './card-for-all-recipients';
import { cardForAllSchema, fitsWithName } from './card-for-all-schemas';
import { familySenderName } from '../mail/sender-name';
import { fillGiverName } from './giver-name-placeholder';
import { cardCandidate, contributorsOf, type Contributor } from './list-contributors';
import { MAX_MESSAGE_LENGTH } from './note-schemas';
import { renderThankYouCard } from './render-card';
import type { CardTemplate, ImageSize, ThankYouCard } from '../model/thank-you-note';
import { bulkNeedsPaidGift, type TypedAddressMailBudget } from './typed-address-budget';

export interface CardToAllResult {
  card: ThankYouCard;
  /** The givers e-mailed, one card each. */
  sentTo: { giftId: string; giverName: string }[];
  /** Gifts left without a card because there is no e-mail to send it to. */
  withoutEmail: { giftId: string; giverName: string }[];
}

/**
 * "Send to all without a card": one message with each giver's name filled in, as a note on every
 * succeeded gift that has no sent card and an e-mail (a draft is replaced), each e-mail queued with
 * its note marked sent, all in one transaction. The registry row is locked first, so a second
 * press or a second tab waits, then finds nobody left and sends nothing; each giver's e-mail also
 * has a key of its own, so no gift ever gets two cards for everyone.
 *
 * Gifts given by hand carry addresses the family typed: the card for everyone reaches them only
 * once the registry has received a gift online, and each is taken from the day's budget first
 * (the budget lives outside this database's transaction: taken before, checked again under the
 * lock, and what was not sent given back).
 */
export async function sendCardToAll(
  actor: User | null,
  registryId: string,
  input: unknown,
  ports: {
    unitOfWork: UnitOfWork;
    photos: PhotoStore;
    clock: Clock;
    appUrl: string;
    typedAddresses: TypedAddressMailBudget;
  },
): Promise<CardToAllResult> {
  refuseUnknownFields(input, ['templateId', 'customMessage', 'imageUrls', 'imageSize']);
  const valid = await validate(cardForAllSchema, input);
  const foreign = valid.imageUrls.find((url) => !ports.photos.owns(url));
  if (foreign !== undefined)
    throw new DomainError('validation.failed', 'Upload the photos here first', { imageUrls: 'Not an uploaded photo' });
  const message = {
    templateId: valid.templateId as CardTemplate,
    imageUrls: valid.imageUrls,
    imageSize: valid.imageSize as ImageSize,
    customMessage: valid.customMessage,
  };

  const typed = await ports.unitOfWork.transaction(async (repositories) => {
    const registry = await repositories.registries.findById(registryId);
    if (!registry) throw registryNotFound();
    requireManager(registry, actor);
    return typedRecipientsOf(await contributorsOf(registry, repositories));
  });
  if (typed.count > 0 && !typed.registryHasPaidGift) throw bulkNeedsPaidGift();
  await ports.typedAddresses.take(typed.count, true);
  let sentTyped = 0;
  try {
    const sent = await sendUnderLock(actor, registryId, message, typed.count, ports);
    sentTyped = sent.typedCount;
    return sent.result;
  } finally {
    await ports.typedAddresses.giveBack(typed.count - sentTyped, true);
  }
}

async function sendUnderLock(
  actor: User | null,
  registryId: string,
  message: { templateId: CardTemplate; imageUrls: string[]; imageSize: ImageSize; customMessage: string },
  typedBudgeted: number,
  ports: { unitOfWork: UnitOfWork; clock: Clock; appUrl: string },
): Promise<{ result: CardToAllResult; typedCount: number }> {
  const { customMessage: text, ...content } = message;
  return ports.unitOfWork.transaction(async (repositories) => {
    const registry = await repositories.registries.findByIdForUpdate(registryId);
    if (!registry) throw registryNotFound();
    const writer = requireManager(registry, actor);
    const contributors = await contributorsOf(registry, repositories);
    const { recipients, withoutEmail } = cardForAllRecipients(contributors, cardCandidate);
    const typed = typedRecipientsOf(contributors);
    if (typed.count > typedBudgeted || (typed.count > 0 && !typed.registryHasPaidGift)) {
      throw new DomainError('note.givers_changed', 'The list of givers changed meanwhile. Please look again and send.');
    }
    if (recipients.length === 0) {
      throw new DomainError(
        'note.nothing_to_send',
        withoutEmail.length > 0 ? 'Every gift with an e-mail already has a card' : 'Every gift already has a card',
      );
    }
    const tooLong = recipients.find(({ gift }) => !fitsWithName(text, gift.giftGiverName));
    if (tooLong) {
      const refusal = `With ${tooLong.gift.giftGiverName.trim()}’s name filled in, the message is over ${MAX_MESSAGE_LENGTH} characters`;
      throw new DomainError('validation.failed', refusal, { customMessage: refusal });
    }

    const card = await repositories.thankYouCards.create({
      registryId: registry.id,
      ...content,
      customMessage: text,
      sentToAllGifts: true,
    });
    const now = ports.clock.now();
    for (const { gift } of recipients) {
      // Every recipient has an address (cardForAllRecipients chose them so); the type cannot know.
      const to = gift.giftGiverEmail;
      if (!to) continue;
      const customMessage = fillGiverName(text, gift.giftGiverName);
      const note = await repositories.thankYouNotes.save(gift, { ...content, customMessage });
      const rendered = renderThankYouCard(
        {
          ...content,
          customMessage,
          childName: registry.childName,
          celebrationType: registry.celebrationType,
          giverName: gift.giftGiverName,
          givenByHand: gift.byHand,
        },
        ports.appUrl,
      );
      await repositories.mail.enqueue({
        to,
        kind: 'thank-you-card',
        senderName: familySenderName(writer),
        replyTo: writer.email,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        dedupeKey: `thank-you-to-all-${gift.id}`,
        thankYouNoteId: note.id,
      });
      await repositories.thankYouNotes.markSent(note.id, now);
    }
    const named = ({ gift }: { gift: { id: string; giftGiverName: string } }) => ({ giftId: gift.id, giverName: gift.giftGiverName });
    return { result: { card, sentTo: recipients.map(named), withoutEmail: withoutEmail.map(named) }, typedCount: typed.count };
  });
}

/** Of the gifts the card for everyone would go to, how many were given by hand (their address typed by the family), and whether anyone paid online. */
function typedRecipientsOf(contributors: Contributor[]): { count: number; registryHasPaidGift: boolean } {
  const { recipients } = cardForAllRecipients(contributors, cardCandidate);
  return { count: recipients.filter(({ gift }) => gift.byHand).length, registryHasPaidGift: contributors.some(({ gift }) => !gift.byHand) };
}
