import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  exportRequestSchema,
  forgotPasswordSchema,
  profileSchema,
} from '@core/account/account-schemas';
import { EXPORT_FORMATS, EXPORT_REQUEST_STATUSES } from '@core/model/account-export-request';
import { CURRENCIES } from '@core/money';
import { REGISTRY_ROLES } from '@core/model/registry';
import { amountSchema, nullableAmountSchema } from './amount';
import { arrayOf, count, exactObject, flag, instant, nullableInstant, nullableText, oneOfValues, text, type Wire } from './json-schema';
import { operation } from './operation';
import { messageSchema } from './registries';

/** What the account page shows and may change: never the password, the role or payment ids. */
export const accountSchema = exactObject({
  id: text,
  username: text,
  email: text,
  firstName: nullableText,
  lastName: nullableText,
  /** When the account is to be deleted (signing in cancels it); null when no deletion is scheduled. */
  deletionScheduledFor: nullableInstant,
});
export type AccountView = Wire<typeof accountSchema>;

export const emailChangeRequestedSchema = exactObject({ message: text, pendingEmail: text });
export type EmailChangeRequested = Wire<typeof emailChangeRequestedSchema>;

export const emailChangedSchema = exactObject({ message: text, email: text });
export type EmailChanged = Wire<typeof emailChangedSchema>;

export const accountExportRequestSchema = exactObject({
  id: text,
  format: oneOfValues(EXPORT_FORMATS),
  status: oneOfValues(EXPORT_REQUEST_STATUSES),
  requestedAt: instant,
  readyAt: nullableInstant,
  expiresAt: nullableInstant,
});
export type AccountExportRequestView = Wire<typeof accountExportRequestSchema>;

/** What the account page needs to offer the export: at once, or by e-mail for a large account. */
export const accountExportsSchema = exactObject({
  atOnce: flag,
  giftCount: count,
  atOnceMaxGifts: count,
  linkDays: count,
  graceDays: count,
  exports: arrayOf(accountExportRequestSchema),
});
export type AccountExportsView = Wire<typeof accountExportsSchema>;

const currency = oneOfValues(CURRENCIES);
const role = oneOfValues(REGISTRY_ROLES);

/** The JSON export: everything about the account (docs/product.md#your-data-export-and-deletion). */
export const accountExportSchema = exactObject({
  exportedAt: instant,
  profile: exactObject({
    id: text,
    username: text,
    email: text,
    firstName: nullableText,
    lastName: nullableText,
    createdAt: instant,
    bankAccountStatus: nullableText,
    bankAccountVerifiedAt: nullableInstant,
    deletionScheduledFor: nullableInstant,
  }),
  registries: arrayOf(
    exactObject({
      id: text,
      role,
      shortCode: text,
      childName: text,
      celebrationType: text,
      celebrationDate: instant,
      personalMessage: nullableText,
      photoUrl: nullableText,
      preferredCharity: nullableText,
      allowCharityChoice: flag,
      unlisted: flag,
      currency,
      status: text,
      totalReceived: amountSchema,
      payoutMethod: nullableText,
      paypalEmail: nullableText,
      mailingName: nullableText,
      mailingAddress: nullableText,
      mailingCity: nullableText,
      mailingState: nullableText,
      mailingZip: nullableText,
      mailingCountry: nullableText,
      closedAt: nullableInstant,
      createdAt: instant,
    }),
  ),
  gifts: arrayOf(
    exactObject({
      id: text,
      registryId: text,
      giverName: text,
      giverEmail: text,
      currency,
      amount: amountSchema,
      childAmount: amountSchema,
      charityAmount: amountSchema,
      platformFee: amountSchema,
      processingFee: amountSchema,
      charity: text,
      personalMessage: nullableText,
      paymentStatus: text,
      createdAt: instant,
    }),
  ),
  giftsByHand: arrayOf(
    exactObject({
      id: text,
      registryId: text,
      giverName: text,
      giverEmail: nullableText,
      currency,
      amount: amountSchema,
      method: text,
      receivedOn: text,
      note: nullableText,
      createdAt: instant,
    }),
  ),
  thankYouNotes: arrayOf(
    exactObject({
      id: text,
      registryId: text,
      giftId: text,
      byHand: flag,
      giverName: text,
      templateId: text,
      message: text,
      imageUrls: arrayOf(text),
      imageSize: text,
      status: text,
      sentAt: nullableInstant,
      updatedAt: instant,
    }),
  ),
  cardsForAll: arrayOf(
    exactObject({
      id: text,
      registryId: text,
      templateId: text,
      message: text,
      imageUrls: arrayOf(text),
      imageSize: text,
      createdAt: instant,
    }),
  ),
  payouts: arrayOf(
    exactObject({
      registryId: text,
      currency,
      method: nullableText,
      payoutAmount: nullableAmountSchema,
      charityPayoutAmount: nullableAmountSchema,
      payoutStatus: text,
      closedAt: nullableInstant,
      sentAt: nullableInstant,
      reference: nullableText,
      charityShares: arrayOf(exactObject({ charity: text, giftCount: count, amount: amountSchema })),
    }),
  ),
  coOwnerships: arrayOf(
    exactObject({
      registryId: text,
      childName: text,
      role,
      owner: text,
      coOwners: arrayOf(text),
      invitationsWaiting: arrayOf(exactObject({ email: text, expiresAt: instant })),
    }),
  ),
});
export type AccountExportWire = Wire<typeof accountExportSchema>;

const EXPORT_FORMAT_QUERY = {
  format: { description: 'json (one JSON document, the default) or csv (a zip of one CSV file per kind of record)' },
};

/** The e-mailed links carry their token in the address's fragment; the page posts it here. */
const tokenBody = exactObject({ token: text });

export const accountOperations = [
  operation({
    method: 'POST',
    path: '/api/password-reset/request',
    operationId: 'requestPasswordReset',
    session: 'none',
    summary: 'E-mail a single-use link to reset the password (the same answer whether or not an account uses the address)',
    body: forgotPasswordSchema,
    responses: { 202: { description: 'What was done, in words that never tell whether the account exists', schema: messageSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/password-reset/check',
    operationId: 'checkPasswordResetLink',
    session: 'none',
    summary: "Whether a reset link's token can still set a password (asked as its page opens); the link stays usable",
    body: tokenBody,
    responses: { 200: { description: 'The link works (a used, expired or unknown one answers 400)', schema: messageSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/password-reset',
    operationId: 'resetPassword',
    session: 'none',
    summary: "Set a new password with a reset link's token; every session of the account ends",
    body: {
      type: 'object',
      properties: { token: text, password: text, confirmPassword: text },
      required: ['token', 'password'],
      additionalProperties: false,
    },
    responses: { 200: { description: 'Changed', schema: messageSchema } },
  }),
  operation({
    method: 'GET',
    path: '/api/account',
    operationId: 'getAccount',
    session: 'required',
    summary: "The signed-in user's account",
    responses: { 200: { description: 'The account', schema: accountSchema } },
  }),
  operation({
    method: 'PUT',
    path: '/api/account/profile',
    operationId: 'updateProfile',
    session: 'required',
    summary: 'Change the first and last name',
    body: profileSchema,
    responses: { 200: { description: 'The account', schema: accountSchema } },
  }),
  operation({
    method: 'PUT',
    path: '/api/account/password',
    operationId: 'changePassword',
    session: 'required',
    summary: 'Change the password (the current one required); every other session ends',
    body: changePasswordSchema,
    responses: { 200: { description: 'Changed', schema: messageSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/account/email',
    operationId: 'requestEmailChange',
    session: 'required',
    summary: 'Ask to change the e-mail address (the current password required): a link goes to the new address',
    body: changeEmailSchema,
    responses: { 202: { description: 'The link was sent; nothing changes until it is opened', schema: emailChangeRequestedSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/account/email/confirm',
    operationId: 'confirmEmailChange',
    session: 'required',
    summary: "Change the e-mail address with the new address's link",
    body: tokenBody,
    responses: { 200: { description: 'Changed', schema: emailChangedSchema } },
  }),
  operation({
    method: 'GET',
    path: '/api/account/export',
    operationId: 'exportAccount',
    session: 'required',
    summary:
      'Everything about the account (profile, registries, gifts with givers, gifts given by hand, thank-you cards, payouts, co-ownerships) as a download; a large account asks for it by e-mail instead (409)',
    query: EXPORT_FORMAT_QUERY,
    responses: {
      200: {
        description:
          'A JSON file (format=json), or a zip of one CSV file per kind of record (format=csv), named for the account and the day',
        schema: accountExportSchema,
        file: 'application/zip',
      },
    },
  }),
  operation({
    method: 'GET',
    path: '/api/account/exports',
    operationId: 'listAccountExports',
    session: 'required',
    summary: 'Whether the export is answered at once or e-mailed, and the exports asked for by e-mail',
    responses: { 200: { description: 'The export options and requests', schema: accountExportsSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/account/exports',
    operationId: 'requestAccountExport',
    session: 'required',
    summary: 'Ask for the export by e-mail: it is built in the background and a link (valid 7 days, for this account only) is sent',
    body: exportRequestSchema,
    responses: { 202: { description: 'Queued (asking again while one waits queues nothing more)', schema: accountExportRequestSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/account/exports/download',
    operationId: 'downloadAccountExport',
    session: 'required',
    summary: "The file behind an export's e-mailed link, for the account it was made for",
    body: tokenBody,
    responses: { 200: { description: 'The JSON file or the zip of CSV files', file: 'application/octet-stream' } },
  }),
  operation({
    method: 'DELETE',
    path: '/api/account',
    operationId: 'deleteAccount',
    session: 'required',
    summary:
      'Schedule the account for deletion (the password required): it is deleted after the grace period unless someone signs in; refused while a registry it owns holds money not paid out',
    body: deleteAccountSchema,
    responses: { 200: { description: 'Scheduled', schema: accountSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/account/deletion/cancel',
    operationId: 'cancelAccountDeletion',
    session: 'required',
    summary: "Cancel the account's scheduled deletion",
    responses: { 200: { description: 'Cancelled', schema: accountSchema } },
  }),
];
