import * as yup from 'yup';
import { fillGiverName, placeholderProblem } from './giver-name-placeholder';
import { MAX_MESSAGE_LENGTH, thankYouNoteSchema } from './note-schemas';

/**
 * "Send to all without a card" and POST /api/registries/{id}/thank-you-cards: a single card's
 * template, photos and size, and one message with {name} where each giver's name goes.
 */
export const cardForAllSchema = thankYouNoteSchema.pick(['templateId', 'imageUrls', 'imageSize']).shape({
  customMessage: yup
    .string()
    .trim()
    .max(MAX_MESSAGE_LENGTH, `Message must be at most ${MAX_MESSAGE_LENGTH} characters`)
    .required('Message is required')
    .test('giver-name-placeholder', (value, context) => {
      const problem = value ? placeholderProblem(value) : null;
      return problem ? context.createError({ message: problem }) : true;
    }),
});
export type CardForAllInput = yup.InferType<typeof cardForAllSchema>;

/** Whether each giver's card still fits the single card's limit once their name is in it. */
export function fitsWithName(template: string, giverName: string): boolean {
  return fillGiverName(template, giverName).trim().length <= MAX_MESSAGE_LENGTH;
}
