/**
 * A full-page redirect to another site or server page (the payment provider's onboarding, the
 * way back from it). Kept in its own module so tests can replace it.
 */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
