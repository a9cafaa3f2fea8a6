import type { User } from '../model/user';
import { DomainError } from '../errors';
import type { PhotoStore } from '../ports/photo-store';
import type { Repositories } from '../ports/repositories';
import { refuseUnknownFields, validate } from '../validate';
import { managedContributorGift } from '../access/note-access';
import { thankYouNoteSchema } from './note-schemas';
import type { CardTemplate, ImageSize, ThankYouNote } from '../model/thank-you-note';

/** Creates or updates the gift's one note; its photos must be ones uploaded here. */
export async function saveThankYouNote(
  actor: User | null,
  input: unknown,
  ports: { photos: PhotoStore } & Pick<Repositories, 'gifts' | 'offlineGifts' | 'registries' | 'thankYouNotes'>,
): Promise<ThankYouNote> {
  refuseUnknownFields(input, ['giftId', 'noteId', 'templateId', 'customMessage', 'imageUrls', 'imageSize']);
  const valid = await validate(thankYouNoteSchema, input);
  const { gift } = await managedContributorGift(actor, valid.giftId, ports);
  if (valid.noteId) {
    const note = await ports.thankYouNotes.findById(valid.noteId);
    if (!note || note.giftId !== gift.id) {
      throw new DomainError('validation.failed', 'That note belongs to another gift', { noteId: 'Not this gift’s note' });
    }
  }
  const foreign = valid.imageUrls.find((url) => !ports.photos.owns(url));
  if (foreign !== undefined)
    throw new DomainError('validation.failed', 'Upload the photos here first', { imageUrls: 'Not an uploaded photo' });
  return ports.thankYouNotes.save(
    { id: gift.id, byHand: gift.byHand },
    {
      templateId: valid.templateId as CardTemplate,
      customMessage: valid.customMessage,
      imageUrls: valid.imageUrls,
      imageSize: valid.imageSize as ImageSize,
    },
  );
}
