import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DomainError } from '../../core/errors';

export interface AttemptLimits {
  /** Failed sign-ins for one username from one address. */
  loginPerAccount: RateLimiterAbstract;
  /** Failed sign-ins from one address, whatever the username. */
  loginPerAddress: RateLimiterAbstract;
  /** Accounts created from one address. */
  registerPerAddress: RateLimiterAbstract;
  /** Photos one account uploads (each is decoded and re-encoded, which costs real work). */
  uploadsPerAccount: RateLimiterAbstract;
  /** Payments started from one address (each opens a payment at the provider). */
  paymentIntentsPerAddress: RateLimiterAbstract;
}

function minutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

/** Refuses with 429 (and how long to wait) when any of the counters is used up. */
export async function refuseWhenExhausted(limits: [RateLimiterAbstract, string][], what: string): Promise<void> {
  for (const [limiter, key] of limits) {
    const state = await limiter.get(key);
    if (state && state.consumedPoints >= limiter.points) {
      const error = new DomainError('auth.rate_limited', `Too many ${what}. Please try again in ${minutes(state.msBeforeNext)} minute(s).`);
      throw Object.assign(error, { retryAfterSeconds: Math.ceil(state.msBeforeNext / 1000) });
    }
  }
}

export async function countAttempt(limits: [RateLimiterAbstract, string][]): Promise<void> {
  for (const [limiter, key] of limits) {
    try {
      await limiter.consume(key);
    } catch (error) {
      // Already over the limit: the next request is refused by refuseWhenExhausted.
      if (!(error instanceof RateLimiterRes)) throw error;
    }
  }
}
