import { changeEmailSchema, changePasswordSchema, forgotPasswordSchema, profileSchema } from '@core/account/account-schemas';
import { exactObject, nullableText, text, type Wire } from './json-schema';
import { operation } from './operation';
import { messageSchema } from './registries';

/** What the account page shows and may change: never the password, the role or payment ids. */
export const accountSchema = exactObject({
  id: text,
  username: text,
  email: text,
  firstName: nullableText,
  lastName: nullableText,
});
export type AccountView = Wire<typeof accountSchema>;

export const emailChangeRequestedSchema = exactObject({ message: text, pendingEmail: text });
export type EmailChangeRequested = Wire<typeof emailChangeRequestedSchema>;

export const emailChangedSchema = exactObject({ message: text, email: text });
export type EmailChanged = Wire<typeof emailChangedSchema>;

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
    body: { type: 'object', properties: { token: text, password: text, confirmPassword: text }, required: ['token', 'password'], additionalProperties: false },
    responses: { 200: { description: 'Changed', schema: messageSchema } },
  }),
  operation({ method: 'GET', path: '/api/account', operationId: 'getAccount', session: 'required', summary: "The signed-in user's account", responses: { 200: { description: 'The account', schema: accountSchema } } }),
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
];
