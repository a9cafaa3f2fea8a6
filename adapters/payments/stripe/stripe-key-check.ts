import Stripe from 'stripe';

/** What one call with the configured key showed: it works, Stripe refused it, or Stripe did not answer. */
export type ProviderKeyCheck = { outcome: 'ok' } | { outcome: 'rejected' | 'unreachable'; error: unknown };

/** Short, and tried once: a start waits on it. */
const KEY_CHECK_TIMEOUT_MS = 5_000;

/**
 * Reads the platform's balance once, the cheapest call a secret (or restricted) key with the
 * rights this server needs can make, so that a wrong, revoked or test-mode-for-live key is found at
 * start rather than at the first guest's payment.
 */
export async function checkStripeKey(stripe: Stripe): Promise<ProviderKeyCheck> {
  try {
    await stripe.balance.retrieve({}, { timeout: KEY_CHECK_TIMEOUT_MS, maxNetworkRetries: 0 });
    return { outcome: 'ok' };
  } catch (error) {
    const refused = error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError;
    return { outcome: refused ? 'rejected' : 'unreachable', error };
  }
}
