/** docs/product.md#route-table: the login path used for full-page redirects (the server answers 302 to /auth). */
const LOGIN_PATH = '/api/login';

/** docs/product.md#constants-and-limits: the login redirect delay. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

/** A full-page redirect to the login path. Kept in its own module so tests can replace it. */
export function goToLogin(): void {
  window.location.assign(LOGIN_PATH);
}
