import { GUEST_GIFT_MATCHES } from '@core/model/guest-gift';
import { GUEST_FILTERS } from '@core/guest/guest-list-query';
import { guestSchema } from '@core/guest/guest-schemas';
import { CURRENCIES } from '@core/money';
import { OFFLINE_GIFT_METHODS } from '@core/model/offline-gift';
import { THANK_YOU_STATUSES } from '@core/model/thank-you-status';
import { amountSchema } from './amount';
import {
  arrayOf,
  count,
  exactObject,
  flag,
  instant,
  nullableInstant,
  nullableOneOf,
  nullableText,
  objectWithOptional,
  oneOfValues,
  text,
  type Wire,
} from './json-schema';
import { calendarDay } from './offline-gifts';
import { operation } from './operation';
import { messageSchema } from './registries';
import { rsvpSchema } from './invitations';

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
  /** When the invitation was last e-mailed to the guest; null until then. */
  invitedAt: nullableInstant,
  /** When the one reminder was queued to the guest; null unless it was. */
  remindedAt: nullableInstant,
  /** The guest's answer from their personal link; null before they answer. */
  rsvp: { anyOf: [rsvpSchema, { type: 'null' }] },
  /** Whether a personal link was made; making another stops that one working. */
  hasPersonalLink: flag,
  createdAt: instant,
});
export type GuestView = Wire<typeof guestViewSchema>;

/** A gift a guest gave (core/guest/guest-gifts.ts says which), with its thank-you card's state. */
export const guestGiftSchema = exactObject({
  id: text,
  byHand: flag,
  /** What the giver gave, before the 90/10 split, as the gift list shows it. */
  amount: amountSchema,
  givenAt: instant,
  matchedBy: oneOfValues(GUEST_GIFT_MATCHES),
  thankYouStatus: oneOfValues(THANK_YOU_STATUSES),
});
export type GuestGiftView = Wire<typeof guestGiftSchema>;

/** A guest on the list followed to the thank-you: what they gave and whether they were thanked. */
export const guestLineSchema = exactObject({
  ...guestViewSchema.properties,
  gifts: arrayOf(guestGiftSchema),
  given: amountSchema,
  /** Null for a guest who has not given; sent once every gift of theirs has a card delivered. */
  thankYou: nullableOneOf(THANK_YOU_STATUSES),
});
export type GuestLineView = Wire<typeof guestLineSchema>;

/** A gift given by hand that no guest is matched to yet. */
export const unmatchedGiftSchema = exactObject({
  id: text,
  giftGiverName: text,
  amount: amountSchema,
  method: oneOfValues(OFFLINE_GIFT_METHODS),
  receivedOn: calendarDay,
});
export type UnmatchedGiftView = Wire<typeof unmatchedGiftSchema>;

/** GET /api/registries/{id}/guests: the guests the filters keep, by name, and the whole list's counts. */
export const guestListSchema = exactObject({
  currency: oneOfValues(CURRENCIES),
  guests: arrayOf(guestLineSchema),
  filters: objectWithOptional(
    {},
    {
      invited: oneOfValues(GUEST_FILTERS.invited),
      gave: oneOfValues(GUEST_FILTERS.gave),
      thanked: oneOfValues(GUEST_FILTERS.thanked),
      rsvp: oneOfValues(GUEST_FILTERS.rsvp),
    },
  ),
  counts: exactObject({
    guests: count,
    people: count,
    /** Guests e-mailed the invitation. */
    invited: count,
    gave: count,
    thanked: count,
    notThanked: count,
    /** Households per answer, and the people the yes and maybe households say come. */
    rsvp: exactObject({ yes: count, yesPeople: count, maybe: count, maybePeople: count, no: count, none: count }),
  }),
  /** The gifts of givers still owed a card, for the thank-you cards page. */
  giftsToThank: arrayOf(text),
  unmatchedByHand: arrayOf(unmatchedGiftSchema),
});
export type GuestListView = Wire<typeof guestListSchema>;

/** POST /api/registries/{id}/guests: who was added, and who was on the list already (the same e-mail) and merged. */
export const guestsAddedSchema = exactObject({ added: arrayOf(guestViewSchema), merged: arrayOf(guestViewSchema) });
export type GuestsAddedView = Wire<typeof guestsAddedSchema>;

/** POST /api/registries/{id}/guests/{guestId}/link: the guest's new personal link, shown once. */
export const guestLinkSchema = exactObject({ url: text });
export type GuestLinkView = Wire<typeof guestLinkSchema>;

/** The guest list's filters (core/guest/guest-list-query.ts), each yes or no. */
const GUEST_LIST_QUERY = {
  invited: { description: 'yes: the guests e-mailed the invitation; no: those not yet invited' },
  gave: {
    description:
      'yes: the guests who gave (from their personal link, by their e-mail, or a gift by hand matched to them); no: those who have not',
  },
  thanked: { description: 'yes: givers whose every gift has a card sent and delivered; no: givers still owed a card' },
  rsvp: { description: 'yes, no or maybe: the guests who answered so from their personal link; none: those who have not answered' },
};

export const guestOperations = [
  operation({
    method: 'GET',
    path: '/api/registries/{id}/guests',
    operationId: 'listGuests',
    session: 'required',
    summary: 'The guest list with each guest’s answer, what they gave and whether they were thanked, and its counts (owner or co-owner)',
    query: GUEST_LIST_QUERY,
    responses: { 200: { description: 'The guests the filters keep, by name', schema: guestListSchema } },
  }),
  operation({
    method: 'GET',
    path: '/api/registries/{id}/guests/addresses',
    operationId: 'exportGuestAddresses',
    session: 'required',
    summary:
      'The postal addresses of the guests who have one (a street and a city), for labels or a mail merge; the guest list’s filters apply (owner or co-owner)',
    query: GUEST_LIST_QUERY,
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
    method: 'POST',
    path: '/api/registries/{id}/guests/{guestId}/link',
    operationId: 'issueGuestLink',
    session: 'required',
    summary:
      'A new personal link for the guest (/i/{token}): their RSVP and gifts from it are matched to their line. Only a digest is kept, so the link is shown once; ' +
      'each call replaces the link before, which stops working. A guest of another registry answers 404 (owner or co-owner)',
    responses: { 200: { description: 'The link', schema: guestLinkSchema } },
  }),
  operation({
    method: 'PUT',
    path: '/api/offline-gifts/{id}/guest',
    operationId: 'matchOfflineGiftToGuest',
    session: 'required',
    summary:
      'Say which guest on the list gave a gift given by hand (guestId), or none (null); a guest of another registry is refused (owner or co-owner)',
    body: exactObject({ guestId: { type: ['string', 'null'] } }),
    responses: { 200: { description: 'Matched or unmatched', schema: messageSchema } },
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
