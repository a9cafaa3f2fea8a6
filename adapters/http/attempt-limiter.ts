import { createHash } from 'node:crypto';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DomainError } from '@core/errors';

export interface AttemptLimits {
  /** Failed sign-ins for one username from one address. */
  loginPerAccount: RateLimiterAbstract;
  /** Failed sign-ins from one address, whatever the username. */
  loginPerAddress: RateLimiterAbstract;
  /** Sign-up attempts from one address, refused ones included (each tells whether an e-mail is taken). */
  registerPerAddress: RateLimiterAbstract;
  /** Photos one account uploads (each is decoded and re-encoded, which costs real work). */
  uploadsPerAccount: RateLimiterAbstract;
  /** Payments started from one address (each opens a payment at the provider). */
  paymentIntentsPerAddress: RateLimiterAbstract;
  /** Forgot-password requests from one address. */
  passwordResetPerAddress: RateLimiterAbstract;
  /** Forgot-password requests for one e-mail address, whoever asks: nobody's inbox is flooded. */
  passwordResetPerEmail: RateLimiterAbstract;
  /** New passwords sent with a reset link from one address (each is hashed, which costs real work). */
  passwordResetSubmitsPerAddress: RateLimiterAbstract;
  /** Wrong current passwords on the account page, per account: a borrowed session cannot guess it. */
  currentPasswordPerAccount: RateLimiterAbstract;
  /** Newsletter sign-ups from one address (each new one sends a confirmation e-mail). */
  newsletterPerAddress: RateLimiterAbstract;
  /**
   * Gifts given by hand one account records: each may name any e-mail address, which the card for
   * everyone then writes to, so an account may not turn the site into a mailer.
   */
  offlineGiftsPerAccount: RateLimiterAbstract;
  /** Single thank-you cards one account sends (a card can be sent again, each time an e-mail). */
  thankYouSendsPerAccount: RateLimiterAbstract;
  /** Co-owner invitations one account sends (each e-mails an address the sender chose). */
  coOwnerInvitationsPerAccount: RateLimiterAbstract;
}

/** One counter and the key it counts under (an address, an account, a username with an address). */
export type Counter = [RateLimiterAbstract, string];

// The counter table's key is varchar(255), prefix included; a longer key (a 300-character
// username, say) is counted under its digest instead.
const LONGEST_PLAIN_KEY = 128;

function counterKey(key: string): string {
  return key.length <= LONGEST_PLAIN_KEY ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

function minutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

/**
 * Counts this attempt on every counter, and refuses with 429 (and how long to wait) when one is
 * used up. The count comes first and is one atomic statement, so attempts sent all at once cannot
 * slip past the limit together.
 */
export async function countAttempt(counters: Counter[], what: string): Promise<void> {
  for (const [limiter, key] of counters) {
    try {
      await limiter.consume(counterKey(key));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const refusal = new DomainError('auth.rate_limited', `Too many ${what}. Please try again in ${minutes(error.msBeforeNext)} minute(s).`);
      throw Object.assign(refusal, { retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) });
    }
  }
}

/** Takes back an attempt that turned out not to count (a malformed request, a successful sign-in). */
export async function uncountAttempt(counters: Counter[]): Promise<void> {
  for (const [limiter, key] of counters) await limiter.reward(counterKey(key), 1);
}

/** Forgets a counter altogether (the failed sign-ins of an account that just signed in). */
export async function resetCounter([limiter, key]: Counter): Promise<void> {
  await limiter.delete(counterKey(key));
}
