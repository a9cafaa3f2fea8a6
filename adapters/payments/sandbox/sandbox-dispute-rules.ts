import type { Cents, Currency } from '@core/money';

/** Stripe's published dispute fee, which the sandbox takes as Stripe would (and keeps, won or lost). */
export const SANDBOX_DISPUTE_FEE: Record<Currency, Cents> = { USD: 1500, CAD: 1500 };

/** The words that decide a dispute in test mode, Stripe's own. */
export const SANDBOX_EVIDENCE = { wins: 'winning_evidence', loses: 'losing_evidence' } as const;

/**
 * How evidence decides a dispute in test mode, as in Stripe's: text containing winning_evidence
 * wins, losing_evidence loses; any other text leaves it under review.
 */
export function sandboxDisputeDecision(evidence: string): 'won' | 'lost' | null {
  if (evidence.includes(SANDBOX_EVIDENCE.wins)) return 'won';
  if (evidence.includes(SANDBOX_EVIDENCE.loses)) return 'lost';
  return null;
}
