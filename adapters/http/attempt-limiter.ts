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
  /**
   * Payments started from one address that were not paid (each opens a payment at the provider):
   * declined, abandoned and unfinished ones, which is what card testing is made of. A paid one
   * gives its start back however its success is learnt (payment-starts.ts), so a party's guests on
   * one network are never refused.
   */
  paymentIntentsPerAddress: RateLimiterAbstract;
  /** Forgot-password requests from one address. */
  passwordResetPerAddress: RateLimiterAbstract;
  /**
   * Forgot-password requests for one e-mail address from one address: counted per network too, so
   * a stranger's requests never use up the owner's.
   */
  passwordResetPerEmailAndAddress: RateLimiterAbstract;
  /** Reset e-mails to one e-mail address, whoever asks: it paces them (nobody's inbox is flooded) and never refuses. */
  passwordResetMailsPerEmail: RateLimiterAbstract;
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
  /** The same from one network, whatever the account: a new account is a sign-up away. */
  coOwnerInvitationsPerNetwork: RateLimiterAbstract;
  /** Registries one account creates, per hour and per day: a family opens a few, not forty a minute. */
  registryCreationsPerAccount: RateLimiterAbstract;
  registryCreationsPerAccountPerDay: RateLimiterAbstract;
  /**
   * Cards e-mailed to addresses a family typed (gifts given by hand) while the registry has
   * received no paid gift, per account and per network: nobody has paid to reach this family yet.
   */
  typedAddressCardsBeforePaidGiftPerAccount: RateLimiterAbstract;
  typedAddressCardsBeforePaidGiftPerNetwork: RateLimiterAbstract;
  /** Cards e-mailed to addresses a family typed, once the registry has received a paid gift, per account. */
  typedAddressCardsPerAccount: RateLimiterAbstract;
  /**
   * Invitation e-mails one registry sends in a day (its list once and a few resends), and one
   * account across its registries: the guest list cannot become a mailer for strangers.
   */
  invitationsPerRegistry: RateLimiterAbstract;
  invitationsPerAccount: RateLimiterAbstract;
  /** Registry searches from one network: a person searches a few times a minute. */
  searchesPerNetwork: RateLimiterAbstract;
  /**
   * Registries search answers list to one network, one point each: however the queries are
   * chosen, a network is shown at most this many children in the window.
   */
  searchResultsPerNetwork: RateLimiterAbstract;
}

/** One counter and the key it counts under (an address, an account, a username with an address). */
export type Counter = [RateLimiterAbstract, string];

// The counter table's key is varchar(255), prefix included; a longer key (a 300-character
// username, say) is counted under its digest instead.
const LONGEST_PLAIN_KEY = 128;

export function counterKey(key: string): string {
  return key.length <= LONGEST_PLAIN_KEY ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

function minutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

/**
 * The network a client address belongs to, for counters a person must not dodge by changing
 * address: an IPv6 host is handed a whole /64 and picks any address in it, so it counts as its
 * /64; an IPv4 address (IPv4-mapped ones included) counts as itself.
 */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

function refusal(error: RateLimiterRes, what: string): DomainError {
  const refused = new DomainError('auth.rate_limited', `Too many ${what}. Please try again in ${minutes(error.msBeforeNext)} minute(s).`);
  return Object.assign(refused, { retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) });
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
      throw refusal(error, what);
    }
  }
}

/**
 * What is left of a counter counted in more than ones (registries listed, say): at least 1, or the
 * refusal with how long to wait once it is used up.
 */
export async function leftOf([limiter, key]: Counter, what: string): Promise<number> {
  const state = await limiter.get(counterKey(key));
  const left = limiter.points - (state?.consumedPoints ?? 0);
  if (state && left <= 0) throw refusal(state, what);
  return Math.max(1, left);
}

/** Counts `points` at once on a counter, refusing as countAttempt does when that goes past its limit. */
export async function countPoints([limiter, key]: Counter, points: number, what: string): Promise<void> {
  if (points <= 0) return;
  try {
    await limiter.consume(counterKey(key), points);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    throw refusal(error, what);
  }
}

/** Gives back points counted by countPoints for work that was not done. */
export async function uncountPoints([limiter, key]: Counter, points: number): Promise<void> {
  if (points > 0) await limiter.reward(counterKey(key), points);
}

/**
 * Counts the points on every counter, or on none: a refused count still added its points, so all
 * of them go back, and a smaller batch may pass afterwards.
 */
export async function countPointsOnEach(counters: readonly Counter[], points: number, what: string): Promise<void> {
  if (points <= 0) return;
  const taken: Counter[] = [];
  for (const counter of counters) {
    try {
      await countPoints(counter, points, what);
      taken.push(counter);
    } catch (error) {
      for (const counted of [...taken, counter]) await uncountPoints(counted, points);
      throw error;
    }
  }
}

/** Takes one from a counter that paces rather than refuses: answers whether one was left. */
export async function takeIfLeft([limiter, key]: Counter): Promise<boolean> {
  try {
    await limiter.consume(counterKey(key));
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
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
