/**
 * The sandbox's connected accounts. Unlike its payment intents, an account's verification has to
 * outlive the request that completed it, so the sandbox keeps them in the database.
 */
export interface SandboxAccount {
  id: string;
  country: 'US' | 'CA';
  email: string;
  /** Payouts enabled and nothing due: what the owner chose on the sandbox onboarding page. */
  verified: boolean;
  /** A verified account whose bank refuses transfers, to try a failed payout by hand. */
  rejectsTransfers: boolean;
  /** The one onboarding link that still works; a new link or a completed one replaces it. */
  linkNonce: string | null;
  createdAt: Date;
}

export type SandboxOnboardingOutcome = 'verified' | 'rejects_transfers' | 'unfinished';

export interface SandboxAccountStore {
  /** Creates the account, or answers the one already stored under that id. */
  create(account: Pick<SandboxAccount, 'id' | 'country' | 'email'>): Promise<SandboxAccount>;
  find(id: string): Promise<SandboxAccount | null>;
  /** Makes the nonce the account's only working onboarding link. */
  setLinkNonce(id: string, nonce: string): Promise<void>;
  /**
   * Uses up the link with this nonce and records the outcome, in one step; false when the link is
   * not the account's current one (used already, or replaced by a newer link).
   */
  completeOnboarding(id: string, nonce: string, outcome: SandboxOnboardingOutcome): Promise<boolean>;
}
