import { guestSchema } from '@core/guest/guest-schemas';
import { arrayOf, count, exactObject, instant, nullableText, text, type Wire } from './json-schema';
import { operation } from './operation';
import { messageSchema } from './registries';

/** A guest on the family's list (owner and co-owners only). */
export const guestViewSchema = exactObject({
  id: text,
  name: text,
  email: text,
  partySize: { type: 'integer', minimum: 1 },
  street: nullableText,
  city: nullableText,
  region: nullableText,
  postalCode: nullableText,
  country: nullableText,
  createdAt: instant,
});
export type GuestView = Wire<typeof guestViewSchema>;

/** GET /api/registries/{id}/guests: the list, by name, and its counts. */
export const guestListSchema = exactObject({
  guests: arrayOf(guestViewSchema),
  counts: exactObject({ guests: count, people: count }),
});
export type GuestListView = Wire<typeof guestListSchema>;

/** POST /api/registries/{id}/guests: who was added, and who was on the list already (the same e-mail) and merged. */
export const guestsAddedSchema = exactObject({ added: arrayOf(guestViewSchema), merged: arrayOf(guestViewSchema) });
export type GuestsAddedView = Wire<typeof guestsAddedSchema>;

export const guestOperations = [
  operation({
    method: 'GET',
    path: '/api/registries/{id}/guests',
    operationId: 'listGuests',
    session: 'required',
    summary: 'The guest list with its counts (owner or co-owner)',
    responses: { 200: { description: 'The guests, by name', schema: guestListSchema } },
  }),
  operation({
    method: 'GET',
    path: '/api/registries/{id}/guests/addresses',
    operationId: 'exportGuestAddresses',
    session: 'required',
    summary: 'The postal addresses of the guests who have one (a street and a city), for labels or a mail merge (owner or co-owner)',
    responses: { 200: { description: 'A CSV file: name, street, city, state or province, ZIP or postal code, country', file: 'text/csv' } },
  }),
  operation({
    method: 'POST',
    path: '/api/registries/{id}/guests',
    operationId: 'addGuests',
    session: 'required',
    summary:
      'Add one guest (JSON), or many as text/csv: name, email, party size, street, city, state, zip, country (a first line naming the columns sets their order). ' +
      'A guest whose e-mail is on the list already is merged into that line. All or nothing: a refused list answers 400, errors naming each bad line ("line 3"); past the cap of guests, 400 (owner or co-owner)',
    body: guestSchema,
    bodyFile: 'text/csv',
    responses: { 201: { description: 'Added and merged guests', schema: guestsAddedSchema } },
  }),
  operation({
    method: 'DELETE',
    path: '/api/guests/{id}',
    operationId: 'removeGuest',
    session: 'required',
    summary: 'Take a guest off the list (owner or co-owner)',
    responses: { 200: { description: 'Removed', schema: messageSchema } },
  }),
];
