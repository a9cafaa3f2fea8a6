import { CURRENCIES } from '@core/money';
import { PAYMENT_STATUSES } from '@core/model/gift';
import { REGISTRY_ROLES, REGISTRY_STATUSES } from '@core/model/registry';
import { CELEBRATION_TYPES } from '@core/model/celebration-title';
import { changeCurrencySchema, createRegistrySchema, editRegistrySchema } from '@core/registry/registry-schemas';
import { amountSchema } from './amount';
import { hebrewCalendarSchema, hebrewDateSchema, type HebrewDateView } from './hebrew-dates';
import { nullableCharityRefSchema } from './charities';
import { arrayOf, count, exactObject, flag, instant, nullableText, oneOfValues, text, type Wire } from './json-schema';
import { operation } from './operation';
import { closingAmountsSchema, payoutAddressProperties, payoutProgressProperties } from './payout-details';

const currency = oneOfValues(CURRENCIES);

/** A gift as its registry's owner sees it; nobody else ever does. Newest first. */
export const registryGiftSchema = exactObject({
  id: text,
  giftGiverName: text,
  giftGiverEmail: text,
  /** The currency its giver was charged in: a refunded gift keeps it if the registry's changed since. */
  currency,
  amount: amountSchema,
  childAmount: amountSchema,
  charityAmount: amountSchema,
  charityId: text,
  personalMessage: nullableText,
  paymentStatus: oneOfValues(PAYMENT_STATUSES),
  createdAt: instant,
});
export type RegistryGiftView = Wire<typeof registryGiftSchema>;

/** Bar, Bat or B'nai Mitzvah, or 'unspecified' (the title then says Bar/Bat Mitzvah). */
const celebrationType = oneOfValues(CELEBRATION_TYPES);

/** A whole percent across or down the photo: its focal point, which every crop of it keeps (core/model/photo-focus.ts). */
const photoFocus = { type: 'integer', minimum: 0, maximum: 100 } as const;
const photoFocusProperties = { photoFocusX: photoFocus, photoFocusY: photoFocus } as const;

const sharedRegistryProperties = {
  id: text,
  shortCode: text,
  childName: text,
  celebrationType,
  celebrationDate: instant,
  /** Whose Torah-reading schedule names the Shabbat's parashah. */
  hebrewCalendar: hebrewCalendarSchema,
  hebrewDate: hebrewDateSchema,
  personalMessage: nullableText,
  photoUrl: nullableText,
  ...photoFocusProperties,
  preferredCharityId: nullableText,
  preferredCharity: nullableCharityRefSchema,
  allowCharityChoice: flag,
  status: oneOfValues(REGISTRY_STATUSES),
  currency,
  /** Succeeded gifts. */
  giftCount: count,
  /** Any gift that did not fail: currency change and deletion are then refused. */
  hasGifts: flag,
  createdAt: instant,
} as const;

/** GET /api/registries/{id} for anyone but the owner and co-owners (and GET /api/short-links/{shortCode}). */
export const registryViewSchema = exactObject({ ...sharedRegistryProperties, isOwner: { const: false }, isCoOwner: { const: false } });
export type RegistryView = Wire<typeof registryViewSchema>;

/** What the owner and co-owners both see: who gave, how much, what closing pays, how far the payout got. */
const managerRegistryProperties = {
  ...sharedRegistryProperties,
  /** The owner's id. */
  userId: text,
  /** Gifts given by hand are recorded: the currency cannot change (they were recorded in it). */
  hasGiftsGivenByHand: flag,
  /** Reachable by its link only, never in search or the recent registries. Only the owner and co-owners are told. */
  unlisted: flag,
  totalReceived: amountSchema,
  /** The latest 5 succeeded gifts, newest first (giftCount counts them all; the full list is GET .../gift-list). */
  gifts: arrayOf(registryGiftSchema),
  /** What closing pays, as the server sums it: the close screen shows these, never its own sums. */
  closingAmounts: closingAmountsSchema,
  ...payoutProgressProperties,
} as const;

/** The same call when the signed-in user owns the registry: also where the payout goes. */
export const ownerRegistryViewSchema = exactObject({
  ...managerRegistryProperties,
  isOwner: { const: true },
  isCoOwner: { const: false },
  ...payoutAddressProperties,
});
export type OwnerRegistryView = Wire<typeof ownerRegistryViewSchema>;

/** The same call for a co-owner: everything the owner sees but where the payout goes. */
export const coOwnerRegistryViewSchema = exactObject({
  ...managerRegistryProperties,
  isOwner: { const: false },
  isCoOwner: { const: true },
});
export type CoOwnerRegistryView = Wire<typeof coOwnerRegistryViewSchema>;

/** The owner's or a co-owner's view: what managing the registry needs. */
export type ManagerRegistryView = OwnerRegistryView | CoOwnerRegistryView;
export const managerRegistryViewSchema = { oneOf: [ownerRegistryViewSchema, coOwnerRegistryViewSchema] } as const;

export const anyRegistryViewSchema = { oneOf: [registryViewSchema, ownerRegistryViewSchema, coOwnerRegistryViewSchema] } as const;
export type AnyRegistryView = RegistryView | ManagerRegistryView;

const cardProperties = {
  id: text,
  shortCode: text,
  childName: text,
  celebrationType,
  celebrationDate: instant,
  hebrewDate: hebrewDateSchema,
  photoUrl: nullableText,
  ...photoFocusProperties,
  preferredCharity: nullableCharityRefSchema,
  currency,
  status: oneOfValues(REGISTRY_STATUSES),
} as const;

/** One row of search and of the recent registries: no financials. */
export const registrySearchResultSchema = exactObject(cardProperties);
export type RegistrySearchResult = Wire<typeof registrySearchResultSchema>;

/** One row of GET /api/registries/my: a search row plus its totals, and whether the user owns or co-owns it. */
export const myRegistrySchema = exactObject({
  ...cardProperties,
  totalReceived: amountSchema,
  giftCount: count,
  unlisted: flag,
  role: oneOfValues(REGISTRY_ROLES),
});
export type MyRegistry = Wire<typeof myRegistrySchema>;

/**
 * What a registry card shows; totalReceived only where financials are shown, and the Hebrew date
 * whenever the server sent it (a card remembered by an older version of the app has none).
 */
export type RegistryCardData = Omit<RegistrySearchResult, 'hebrewDate'> & {
  hebrewDate?: HebrewDateView;
  totalReceived?: number;
  unlisted?: boolean;
  role?: MyRegistry['role'];
};

export const currencyChangedSchema = exactObject({ message: text, currency });
export const messageSchema = exactObject({ message: text });
export type MessageAnswer = Wire<typeof messageSchema>;

const registryAnswer = { description: 'The registry as the caller may see it', schema: anyRegistryViewSchema } as const;

export const registryOperations = [
  operation({
    method: 'POST',
    path: '/api/registries',
    operationId: 'createRegistry',
    session: 'required',
    summary: 'Open a registry (signed in; 429 past 5 an hour or 20 a day for one account)',
    body: createRegistrySchema,
    responses: { 201: { description: 'The new registry, as its owner sees it', schema: ownerRegistryViewSchema } },
  }),
  operation({
    method: 'GET',
    path: '/api/registries/my',
    operationId: 'listMyRegistries',
    session: 'required',
    summary: 'The registries the signed-in user owns or co-owns, with their totals',
    responses: { 200: { description: 'Newest first', schema: arrayOf(myRegistrySchema) } },
  }),
  operation({
    method: 'GET',
    path: '/api/registries/search',
    operationId: 'searchRegistries',
    session: 'none',
    summary: 'Listed registries whose child’s name matches',
    query: { q: { description: 'Part of a child’s name' } },
    responses: { 200: { description: 'The matches', schema: arrayOf(registrySearchResultSchema) } },
  }),
  operation({
    method: 'GET',
    path: '/api/registries/recent',
    operationId: 'listRecentRegistries',
    session: 'none',
    summary: 'The most recently opened listed registries, one per owner account',
    responses: {
      200: { description: "Newest first; of each owner's registries only the newest", schema: arrayOf(registrySearchResultSchema) },
    },
  }),
  operation({
    method: 'GET',
    path: '/api/short-links/{shortCode}',
    operationId: 'getRegistryByShortCode',
    session: 'optional',
    summary: 'A registry by its short link',
    responses: { 200: registryAnswer },
  }),
  operation({
    method: 'GET',
    path: '/api/registries/{id}',
    operationId: 'getRegistry',
    session: 'optional',
    summary: 'A registry',
    responses: { 200: registryAnswer },
  }),
  operation({
    method: 'GET',
    path: '/api/registries/{id}/share-picture',
    operationId: 'getRegistrySharePicture',
    session: 'none',
    summary:
      "The picture of a registry link's preview in a chat app: its photo cropped to 1200 × 630 around the family's focal point (404 when it has no photo)",
    query: {
      v: {
        description:
          "Which photo and focal point the page named (its og:image carries it), so a chat app's cached picture follows a change; the answer is always the registry's current picture",
      },
    },
    responses: { 200: { description: 'A JPEG, 1200 × 630 pixels', file: 'image/jpeg' } },
  }),
  operation({
    method: 'PUT',
    path: '/api/registries/{id}',
    operationId: 'updateRegistry',
    session: 'required',
    summary: 'Edit a registry (owner or co-owner)',
    body: editRegistrySchema,
    responses: { 200: { description: 'The registry after the change, as the caller sees it', schema: managerRegistryViewSchema } },
  }),
  operation({
    method: 'PATCH',
    path: '/api/registries/{id}/currency',
    operationId: 'changeRegistryCurrency',
    session: 'required',
    summary: 'Change the currency of a registry holding no paid gift; unpaid ones are given up (owner or co-owner)',
    body: changeCurrencySchema,
    responses: { 200: { description: 'The new currency', schema: currencyChangedSchema } },
  }),
  operation({
    method: 'DELETE',
    path: '/api/registries/{id}',
    operationId: 'deleteRegistry',
    session: 'required',
    summary: 'Delete a registry holding no paid gift; unpaid ones are given up (owner)',
    responses: { 200: { description: 'Deleted', schema: messageSchema } },
  }),
];
