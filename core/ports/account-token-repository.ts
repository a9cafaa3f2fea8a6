import type { AccountToken, AccountTokenPurpose, NewAccountToken } from '../model/account-token';

/** Single-use, expiring links sent by e-mail (password reset, e-mail change), kept by digest only. */
export interface AccountTokenRepository {
  create(token: NewAccountToken): Promise<AccountToken>;
  /**
   * Marks the token with this digest and purpose used, in one conditional statement, and answers it;
   * null when it is unknown, already used or expired at `now`. Of two racing uses only one gets it.
   */
  consume(tokenHash: string, purpose: AccountTokenPurpose, now: Date): Promise<AccountToken | null>;
  /** The token with this digest and purpose if it is still usable at `now` (unused, unexpired), without using it; otherwise null. */
  findUsable(tokenHash: string, purpose: AccountTokenPurpose, now: Date): Promise<AccountToken | null>;
  /** Marks every unused token of the user for the purpose used; answers how many. */
  revokeForUser(userId: string, purpose: AccountTokenPurpose, now: Date): Promise<number>;
  /** Deletes every token expired at `now`, used or not (a used one can do nothing either); answers how many. */
  purgeExpired(now: Date): Promise<number>;
}
