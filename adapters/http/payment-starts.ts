import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { PaymentOutcome } from '@core/gift/record-payment';
import { countAttempt, counterKey, uncountAttempt } from './attempt-limiter';

/** Where the counter that counted each payment's start is kept for the counter's window (adapters/persistence/payment-start-notes.ts). */
export interface PaymentStartNotes {
  note(paymentIntentId: string, counterKey: string, expiresAt: number): Promise<void>;
  /** The counter noted for the payment, once: every later ask, from any instance, answers null, as does one after the window. */
  take(paymentIntentId: string, now: number): Promise<string | null>;
}

/**
 * The payment-address limit (docs/operations.md#rate-limits) counts what card testing is made of:
 * every payment started from an address counts against it, and one that is paid gives its start
 * back, to the address that started it, however its success is learnt (the giver's success page,
 * the provider's webhook after the giver closed the tab, the sandbox), so a party's guests on one
 * network are never refused while a run of declines and abandoned payments still is.
 */
export interface PaymentStarts {
  /** Counts a payment about to start from `address`: 429 with how long to wait once used up. */
  count(address: string): Promise<void>;
  /** Gives back the count of a start that opened no payment (a form still to correct). */
  uncount(address: string): Promise<void>;
  /** Remembers that `address` counted the start of the payment. */
  started(address: string, paymentIntentId: string): Promise<void>;
  /** The payment was paid: its start is given back to the address that counted it, once. */
  paid(paymentIntentId: string): Promise<void>;
}

export function paymentStarts(limiter: RateLimiterAbstract, notes: PaymentStartNotes, now: () => number = Date.now): PaymentStarts {
  return {
    count: (address) => countAttempt([[limiter, address]], 'unpaid payment attempts from this address'),
    uncount: (address) => uncountAttempt([[limiter, address]]),
    started: (address, paymentIntentId) => notes.note(paymentIntentId, counterKey(address), now() + limiter.duration * 1000),
    async paid(paymentIntentId) {
      const key = await notes.take(paymentIntentId, now());
      if (!key) return;
      // Not past nothing: a window that ended since would otherwise start the next one in credit.
      const counted = await limiter.get(key);
      if (counted && counted.consumedPoints > 0) await limiter.reward(key, 1);
    },
  };
}

/** Whether a report that a payment succeeded found it paid: credited now or before, or refunded at once for arriving after closing. */
export function foundPaid(outcome: PaymentOutcome): outcome is Extract<PaymentOutcome, { gift: unknown }> {
  return outcome.kind === 'credited' || outcome.kind === 'refunded' || outcome.kind === 'already-settled';
}
