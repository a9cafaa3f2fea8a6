/**
 * A refund still unanswered after this long was cut off (a crash between the provider's call and
 * the database); the sweep finishes it. Well over the longest provider call (Stripe's 20 s
 * timeout, tried three times), so the sweep never races a refund a person is still waiting on.
 */
export const REFUND_SETTLES_WITHIN_MS = 3 * 60 * 1000;
/** How often every instance looks for refunds cut off halfway (and at its start). */
export const REFUND_SWEEP_EVERY_MS = 2 * 60 * 1000;
/** A cut-off refund is finished by the first sweep after it counts as cut off: this is what the family is told. */
export const REFUND_FINISHES_WITHIN_MINUTES = Math.ceil((REFUND_SETTLES_WITHIN_MS + REFUND_SWEEP_EVERY_MS) / 60_000);
