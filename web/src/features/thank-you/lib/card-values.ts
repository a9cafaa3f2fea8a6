import { defaultThankYouMessage } from '@core/thank-you/default-message';
import type { CelebrationType } from '@core/model/celebration-title';
import { thankYouNoteSchema } from '@core/thank-you/note-schemas';
import type { CardTemplate, ImageSize } from '@core/model/thank-you-note';
import type { ContributorView } from '@api/thank-you';

/** What the card editor edits. */
export interface CardValues {
  templateId: CardTemplate;
  customMessage: string;
  imageUrls: string[];
  imageSize: ImageSize;
}

/** The editor's part of the core's note schema (docs/product.md#validation-rules). */
export const cardValuesSchema = thankYouNoteSchema.pick(['templateId', 'customMessage', 'imageUrls', 'imageSize']);

const DEFAULT_TEMPLATE: CardTemplate = 'traditional';
const DEFAULT_IMAGE_SIZE: ImageSize = 'medium';

/** The saved card, or a new one with the default message signed by the child. */
export function initialCardValues(
  contributor: Pick<ContributorView, 'giftGiverName' | 'thankYouNote' | 'givenBy'>,
  childName: string,
  celebrationType: CelebrationType,
): CardValues {
  const note = contributor.thankYouNote;
  if (note) {
    return {
      templateId: note.templateId,
      customMessage: note.customMessage,
      imageUrls: [...note.imageUrls],
      imageSize: note.imageSize,
    };
  }
  return {
    templateId: DEFAULT_TEMPLATE,
    customMessage: defaultThankYouMessage(contributor.giftGiverName, childName, celebrationType, contributor.givenBy !== 'online'),
    imageUrls: [],
    imageSize: DEFAULT_IMAGE_SIZE,
  };
}
