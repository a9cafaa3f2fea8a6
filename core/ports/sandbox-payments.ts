import type { Cents, Currency } from '../money';
import type { PaymentIntentState } from './payment-gateway';
import type { DisputeReport } from '../model/dispute';
import type { SandboxAccount, SandboxOnboardingOutcome } from './sandbox-account-store';

/** The spec's test cards: the first always succeeds, the second is always declined. */
export const SANDBOX_SUCCESS_CARD = '4242424242424242';
export const SANDBOX_DECLINE_CARD = '4000000000000002';
/** As Stripe's test card: the payment succeeds, and the giver's bank disputes it a few seconds later. */
export const SANDBOX_DISPUTE_CARD = '4000000000000259';

/** Stripe's published dispute fee, which the sandbox takes as Stripe would (and keeps, won or lost). */
export const SANDBOX_DISPUTE_FEE: Record<Currency, Cents> = { USD: 1500, CAD: 1500 };

/**
 * How evidence decides a dispute in test mode, as in Stripe's: text containing winning_evidence
 * wins, losing_evidence loses; any other text leaves it under review.
 */
export function sandboxDisputeDecision(evidence: string): 'won' | 'lost' | null {
  if (evidence.includes('winning_evidence')) return 'won';
  if (evidence.includes('losing_evidence')) return 'lost';
  return null;
}

export interface SandboxIntent {
  id: string;
  amount: Cents;
  currency: Currency;
}

/** What a signed onboarding token carries; `exp` in seconds since the epoch. */
export interface SandboxOnboardingToken {
  accountId: string;
  nonce: string;
  returnUrl: string;
  refreshUrl: string;
  exp: number;
}

/** A token as the onboarding page finds it: open, spent (or replaced by a newer link), or no token of ours. */
export type SandboxOnboardingLink =
  | { status: 'open'; account: SandboxAccount; link: SandboxOnboardingToken }
  | { status: 'spent'; refreshUrl: string }
  | { status: 'invalid' };

export type SandboxOnboardingCompletion = { status: 'completed'; returnUrl: string } | { status: 'spent'; refreshUrl: string } | { status: 'invalid' };

/**
 * What the sandbox provider offers besides the PaymentGateway: stand-ins for what Stripe hosts
 * itself, the card network behind the checkout and the onboarding pages, which the HTTP adapter
 * serves in test mode.
 */
export interface SandboxPayments {
  /** The intent a client secret names, or null when the secret is not one this server signed. */
  intentOf(clientSecret: string): SandboxIntent | null;
  /** Remembers how a confirmation went, and records a charge in the sandbox's balance. */
  markSettled(intentId: string, status: Exclude<PaymentIntentState['status'], 'pending'>): Promise<void>;
  /** What the onboarding page shows for a token, without using it up. */
  onboardingLink(token: string): Promise<SandboxOnboardingLink>;
  /** The owner's choice on the onboarding page: records it and uses the link up, in one step. */
  completeOnboarding(token: string, outcome: SandboxOnboardingOutcome): Promise<SandboxOnboardingCompletion>;
  /** The giver's bank disputes the paid intent a few seconds from now (the dispute card), reported to the listener as Stripe's webhook would. */
  disputeLater(intent: SandboxIntent): void;
  /** Who hears of each dispute's change (opened, decided), as the Stripe webhook route hears Stripe's; it must not throw. */
  onDisputeChange(listener: (report: DisputeReport) => Promise<void>): void;
}
