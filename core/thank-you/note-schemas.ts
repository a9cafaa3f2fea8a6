import * as yup from 'yup';
import { emailRule } from '../account/schemas';
import { CARD_TEMPLATES, IMAGE_SIZES } from '../model/thank-you-note';

export const MAX_CARD_PHOTOS = 6;
export const MAX_MESSAGE_LENGTH = 5000;

/** The thank-you editor and POST /api/thank-you-notes (docs/product.md#validation-rules). */
export const thankYouNoteSchema = yup.object({
  giftId: yup.string().trim().required('Gift is required'),
  noteId: yup.string().trim().nullable().default(null),
  templateId: yup
    .string()
    .oneOf([...CARD_TEMPLATES], 'Choose one of the four templates')
    .required('Template is required'),
  customMessage: yup
    .string()
    .trim()
    .max(MAX_MESSAGE_LENGTH, `Message must be at most ${MAX_MESSAGE_LENGTH} characters`)
    .required('Message is required'),
  imageUrls: yup.array(yup.string().trim().required()).max(MAX_CARD_PHOTOS, `At most ${MAX_CARD_PHOTOS} photos`).default([]),
  imageSize: yup
    .string()
    .oneOf([...IMAGE_SIZES], 'Photo size must be small, medium or large')
    .default('medium'),
});
export type ThankYouNoteInput = yup.InferType<typeof thankYouNoteSchema>;

/** The send call's body, all optional (the spec's call has none): the address the family corrected the card to after it was not delivered. */
export const sendNoteSchema = yup.object({ email: emailRule.optional() });
