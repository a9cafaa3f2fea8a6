import { CARD_TEMPLATES, IMAGE_SIZES, NOTE_STATUSES } from '@core/thank-you/thank-you-note';
import { thankYouNoteSchema } from '@core/thank-you/note-schemas';
import { amountSchema } from './amount';
import { arrayOf, exactObject, instant, nullableInstant, nullableText, oneOfValues, text, type Wire } from './json-schema';
import { operation } from './operation';

export const thankYouNoteViewSchema = exactObject({
  id: text,
  giftId: text,
  templateId: oneOfValues(CARD_TEMPLATES),
  customMessage: text,
  imageUrls: arrayOf(text),
  imageSize: oneOfValues(IMAGE_SIZES),
  status: oneOfValues(NOTE_STATUSES),
  sentAt: nullableInstant,
  createdAt: instant,
  updatedAt: instant,
});
export type ThankYouNoteView = Wire<typeof thankYouNoteViewSchema>;

/**
 * One row of the contributors (owner and co-owners only): a succeeded gift, newest first, with its thank-you
 * note if one was written. The id is the gift's.
 */
export const contributorSchema = exactObject({
  id: text,
  giftGiverName: text,
  giftGiverEmail: text,
  amount: amountSchema,
  charityId: nullableText,
  charityName: nullableText,
  personalMessage: nullableText,
  createdAt: instant,
  thankYouNote: { anyOf: [thankYouNoteViewSchema, { type: 'null' }] },
});
export type ContributorView = Wire<typeof contributorSchema>;

export const sentNoteSchema = exactObject({ note: thankYouNoteViewSchema, message: text });
export type SendNoteResult = Wire<typeof sentNoteSchema>;

export const thankYouOperations = [
  operation({
    method: 'GET',
    path: '/api/registries/{id}/contributors',
    summary: 'Who gave, with their thank-you notes (owner or co-owner)',
    responses: { 200: { description: 'Newest first', schema: arrayOf(contributorSchema) } },
  }),
  operation({
    method: 'POST',
    path: '/api/thank-you-notes',
    summary: 'Save a thank-you note as a draft (owner or co-owner)',
    body: thankYouNoteSchema,
    responses: { 200: { description: 'The note', schema: thankYouNoteViewSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/thank-you-notes/{id}/send',
    summary: 'Send a thank-you card to the giver (owner or co-owner)',
    responses: { 200: { description: 'The sent note', schema: sentNoteSchema } },
  }),
];
