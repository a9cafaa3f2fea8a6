import { CARD_TEMPLATES, IMAGE_SIZES, NOTE_STATUSES } from '@core/model/thank-you-note';
import { thankYouNoteSchema } from '@core/thank-you/note-schemas';
import { cardForAllSchema } from '@core/thank-you/card-for-all-schemas';
import { sendNoteSchema } from '@core/thank-you/note-schemas';
import { amountSchema } from './amount';
import { arrayOf, count, exactObject, instant, nullableInstant, nullableText, oneOfValues, text, type Wire } from './json-schema';
import { operation } from './operation';
import { givenBySchema } from './gifts';

export const thankYouNoteViewSchema = exactObject({
  id: text,
  giftId: text,
  templateId: oneOfValues(CARD_TEMPLATES),
  customMessage: text,
  imageUrls: arrayOf(text),
  imageSize: oneOfValues(IMAGE_SIZES),
  status: oneOfValues(NOTE_STATUSES),
  sentAt: nullableInstant,
  /** The address the family corrected the card to after it was not delivered; null: the giver's own. */
  sendTo: nullableText,
  /** When the last card sent was found undeliverable (bounced, or the address is suppressed); null: not known to have failed. */
  notDeliveredAt: nullableInstant,
  createdAt: instant,
  updatedAt: instant,
});
export type ThankYouNoteView = Wire<typeof thankYouNoteViewSchema>;

/**
 * One row of the contributors (owner and co-owners): a succeeded gift or a gift given by hand, newest
 * first, with its thank-you note if one was written. The id is the gift's. A gift given by hand
 * may have no e-mail: its card is printed and given by hand.
 */
export const contributorSchema = exactObject({
  id: text,
  giftGiverName: text,
  giftGiverEmail: nullableText,
  givenBy: givenBySchema,
  amount: amountSchema,
  charityId: nullableText,
  charityName: nullableText,
  personalMessage: nullableText,
  createdAt: instant,
  thankYouNote: { anyOf: [thankYouNoteViewSchema, { type: 'null' }] },
});
export type ContributorView = Wire<typeof contributorSchema>;

/** Where the registry's cards stand over every contributor, whatever the search (core/model/contributors-page.ts). */
export const cardProgressSchema = exactObject({
  contributors: count,
  sent: count,
  draft: count,
  /** Sent, and the giver's mailbox did not take it: not counted as sent. */
  notDelivered: count,
  noCard: count,
});
export type CardProgressView = Wire<typeof cardProgressSchema>;

/** One page of the contributors, newest first, with the query as the server understood it. */
export const contributorsPageSchema = exactObject({
  q: text,
  page: { type: 'integer', minimum: 1 },
  pageCount: count,
  pageSize: count,
  /** Contributors matching the search; every one without one. */
  matching: count,
  progress: cardProgressSchema,
  contributors: arrayOf(contributorSchema),
});
export type ContributorsPageView = Wire<typeof contributorsPageSchema>;

export const sentNoteSchema = exactObject({ note: thankYouNoteViewSchema, message: text });
export type SendNoteResult = Wire<typeof sentNoteSchema>;

const giverSchema = exactObject({ giftId: text, giverName: text });

/** What "Send to all without a card" did: who was e-mailed, and who has no e-mail to send a card to. */
export const cardForAllResultSchema = exactObject({
  cardId: text,
  sentCount: count,
  sentTo: arrayOf(giverSchema),
  withoutEmail: arrayOf(giverSchema),
  message: text,
});
export type CardForAllResult = Wire<typeof cardForAllResultSchema>;

export const thankYouOperations = [
  operation({
    method: 'GET',
    path: '/api/registries/{id}/contributors',
    operationId: 'listContributors',
    session: 'required',
    summary: 'Who gave, with their thank-you notes (owner or co-owner): all of them, or one page with q or page',
    query: {
      q: { description: "Words to find in the giver's name or e-mail (up to 200 characters); with it, one page is answered" },
      page: { description: 'From 1; 50 contributors a page; with it, one page is answered' },
    },
    responses: {
      200: {
        description:
          'Without a query, every contributor, newest first; with q or page, one page of them, newest first, with how many match and where the cards stand over them all',
        schema: { anyOf: [arrayOf(contributorSchema), contributorsPageSchema] },
      },
    },
  }),
  operation({
    method: 'POST',
    path: '/api/thank-you-notes',
    operationId: 'saveThankYouNote',
    session: 'required',
    summary: 'Save a thank-you note as a draft (owner or co-owner)',
    body: thankYouNoteSchema,
    responses: { 200: { description: 'The note', schema: thankYouNoteViewSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/thank-you-notes/{id}/send',
    operationId: 'sendThankYouNote',
    session: 'required',
    summary:
      'Send a thank-you card to the giver (owner or co-owner); after it was not delivered, optionally to an address the family corrects (email)',
    body: sendNoteSchema,
    bodyOptional: true,
    responses: { 200: { description: 'The sent note', schema: sentNoteSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/registries/{id}/thank-you-cards',
    operationId: 'sendThankYouCardToAll',
    session: 'required',
    summary: 'Send one card, with each giver’s name filled in, to every gift without a sent card (owner)',
    body: cardForAllSchema,
    responses: {
      200: {
        description: 'The cards sent, and the gifts without an e-mail; 409 when every gift already has a card',
        schema: cardForAllResultSchema,
      },
    },
  }),
  operation({
    method: 'POST',
    path: '/api/thank-you-notes/{id}/given',
    operationId: 'markThankYouCardGiven',
    session: 'required',
    summary: 'Mark the printed card of a gift given by hand as given to the giver (owner)',
    responses: { 200: { description: 'The note, now counted as sent', schema: sentNoteSchema } },
  }),
];
