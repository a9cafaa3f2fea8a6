import { OFFLINE_GIFT_METHODS } from '@core/model/offline-gift';
import { offlineGiftSchema } from '@core/offline-gift/offline-gift-schemas';
import { amountSchema } from './amount';
import { exactObject, instant, nullableText, oneOfValues, text, type Wire } from './json-schema';
import { operation } from './operation';
import { inWireUnits } from './request-schema';
import { messageSchema } from './registries';

/** A calendar day, yyyy-mm-dd. */
export const calendarDay = { type: 'string', format: 'date' } as const;

/** A gift given by hand, as the family recorded it (owner only). */
export const offlineGiftViewSchema = exactObject({
  id: text,
  registryId: text,
  giftGiverName: text,
  giftGiverEmail: nullableText,
  amount: amountSchema,
  method: oneOfValues(OFFLINE_GIFT_METHODS),
  receivedOn: calendarDay,
  note: nullableText,
  createdAt: instant,
  updatedAt: instant,
});
export type OfflineGiftView = Wire<typeof offlineGiftViewSchema>;

/** The body of a record or an edit, for the document: the date rule moves with the clock. */
const offlineGiftBody = inWireUnits(offlineGiftSchema(new Date()), ['amount']);

export const offlineGiftOperations = [
  operation({
    method: 'POST',
    path: '/api/registries/{id}/offline-gifts',
    operationId: 'recordOfflineGift',
    session: 'required',
    summary: 'Record a gift given by hand: cash, a check or other (owner; open or closed registry)',
    body: offlineGiftBody,
    responses: { 201: { description: 'The gift as recorded', schema: offlineGiftViewSchema } },
  }),
  operation({
    method: 'PUT',
    path: '/api/offline-gifts/{id}',
    operationId: 'updateOfflineGift',
    session: 'required',
    summary: 'Correct a gift given by hand (owner)',
    body: offlineGiftBody,
    responses: { 200: { description: 'The gift as now recorded', schema: offlineGiftViewSchema } },
  }),
  operation({
    method: 'DELETE',
    path: '/api/offline-gifts/{id}',
    operationId: 'deleteOfflineGift',
    session: 'required',
    summary: 'Remove a gift given by hand, with its thank-you note (owner)',
    responses: { 200: { description: 'Removed', schema: messageSchema } },
  }),
];
