import { RETURN_TO_PARAM, returnPathOf } from '@api/return-path';

/** docs/product.md#route-table: the login path used for full-page redirects (the server answers 302 to /auth). */
const LOGIN_PATH = '/api/login';

/** docs/product.md#constants-and-limits: the login redirect delay. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

/** A sign-in path with the page to come back to once signed in, when it is one (see returnPathOf). */
export function withReturnTo(path: string, returnTo: string | null | undefined): string {
  const back = returnPathOf(returnTo);
  return back ? `${path}?${new URLSearchParams({ [RETURN_TO_PARAM]: back }).toString()}` : path;
}

/** The login path, coming back to `returnTo` (the page that sent the visitor) once signed in. */
export function loginPathFor(returnTo: string): string {
  return withReturnTo(LOGIN_PATH, returnTo);
}

/** A full-page redirect to the login path. Kept in its own module so tests can replace it. */
export function goToLogin(returnTo: string): void {
  window.location.assign(loginPathFor(returnTo));
}
