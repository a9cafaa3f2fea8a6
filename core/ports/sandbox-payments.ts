import type { Cents, Currency } from '../money';
import type { PaymentIntentState } from './payment-gateway';
import type { DisputeReport } from '../model/dispute';
import type { SandboxAccount, SandboxOnboardingOutcome } from './sandbox-account-store';

/** What a card typed into the sandbox's checkout does. */
export type SandboxCardOutcome = 'succeeds' | 'declined' | 'disputed';

/**
 * The sandbox's test mode as a person trying it reads it (the checkout's hint, a refused card's
 * message): its test cards, digits only, and the words in dispute evidence that decide it.
 */
export interface SandboxTestMode {
  cards: Record<SandboxCardOutcome, string>;
  evidence: { wins: string; loses: string };
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

export type SandboxOnboardingCompletion =
  | { status: 'completed'; returnUrl: string }
  | { status: 'spent'; refreshUrl: string }
  | { status: 'invalid' };

/**
 * What the sandbox provider offers besides the PaymentGateway: stand-ins for what Stripe hosts
 * itself, the card network behind the checkout and the onboarding pages, which the HTTP adapter
 * serves in test mode.
 */
export interface SandboxPayments {
  /** Its test cards and evidence words. */
  readonly testMode: SandboxTestMode;
  /** What a card number (spaces and dashes allowed) does, or null when it is no test card. */
  cardOutcome(cardNumber: string): SandboxCardOutcome | null;
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
