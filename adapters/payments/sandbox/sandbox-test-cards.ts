import type { SandboxCardOutcome } from '@core/ports/sandbox-payments';

/** The spec's test cards: the first always succeeds, the second is always declined. */
export const SANDBOX_SUCCESS_CARD = '4242424242424242';
export const SANDBOX_DECLINE_CARD = '4000000000000002';
/** As Stripe's test card: the payment succeeds, and the giver's bank disputes it a few seconds later. */
export const SANDBOX_DISPUTE_CARD = '4000000000000259';

export const SANDBOX_CARDS: Record<SandboxCardOutcome, string> = {
  succeeds: SANDBOX_SUCCESS_CARD,
  declined: SANDBOX_DECLINE_CARD,
  disputed: SANDBOX_DISPUTE_CARD,
};

/** What a typed card number does; spaces and dashes are how people group the digits, so they are dropped. */
export function sandboxCardOutcome(cardNumber: string): SandboxCardOutcome | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  const outcomes = Object.keys(SANDBOX_CARDS) as SandboxCardOutcome[];
  return outcomes.find((outcome) => SANDBOX_CARDS[outcome] === digits) ?? null;
}
