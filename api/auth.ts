import { loginSchema, registrationSchema } from '@core/account/schemas';
import { exactObject, flag, nullableText, text, type Wire } from './json-schema';
import { operation } from './operation';
import { RETURN_TO_PARAM } from './return-path';
import { messageSchema } from './registries';

/** The cookie that carries the session (HttpOnly, SameSite=Lax, signed: `registry.sid.sig` rides beside it). */
export const SESSION_COOKIE = 'registry.sid';

/** What the browser learns about the signed-in user. */
export const userSchema = exactObject({
  id: text,
  username: text,
  email: text,
  firstName: nullableText,
  lastName: nullableText,
  profileImageUrl: nullableText,
  isAdmin: flag,
});
export type UserView = Wire<typeof userSchema>;

export const authOperations = [
  operation({
    method: 'POST',
    path: '/api/register',
    operationId: 'register',
    session: 'none',
    summary: 'Open an account and sign in',
    body: registrationSchema,
    responses: { 201: { description: 'The new user', schema: userSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/login',
    operationId: 'signIn',
    session: 'none',
    summary: 'Sign in',
    body: loginSchema,
    responses: { 200: { description: 'The user', schema: userSchema } },
  }),
  operation({
    method: 'GET',
    path: '/api/login',
    operationId: 'openSignInPage',
    session: 'none',
    summary: 'The sign-in page',
    query: { [RETURN_TO_PARAM]: { description: 'A path on this site to come back to once signed in; anything else is ignored' } },
    responses: { 302: { description: 'To /auth, with returnTo when it was a path on this site' } },
  }),
  operation({
    method: 'POST',
    path: '/api/logout',
    operationId: 'signOut',
    session: 'optional',
    summary: 'Sign out',
    responses: { 200: { description: 'Signed out', schema: messageSchema } },
  }),
  operation({
    method: 'GET',
    path: '/api/user',
    operationId: 'getCurrentUser',
    session: 'required',
    summary: 'The signed-in user',
    responses: { 200: { description: 'The user', schema: userSchema } },
  }),
];
