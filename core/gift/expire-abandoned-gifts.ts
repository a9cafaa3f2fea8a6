import type { Clock } from '../ports/clock';
import type { Gift } from '../model/gift';
import type { PaymentPorts } from '../ports/payment-ports';
import { recordPaymentSucceeded } from './record-payment';

/** A giver who has not paid a day after starting is not coming back to this payment. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
/**
 * A gift whose payment was never attached after this long was cut off while starting (a crash, a
 * provider that never answered): its client secret never reached the giver, so nobody can pay it.
 */
export const UNSTARTED_AFTER_MS = 15 * 60 * 1000;
const BATCH = 100;

export interface SweepResult {
  expired: number;
  failed: number;
  credited: number;
  /** Left pending for the next sweep: the provider could not say how the payment stands. */
  undecided: number;
}

/** What became of one unpaid gift given up: no longer pending, or still pending when the provider could not say. */
export type GiveUpOutcome = 'expired' | 'failed' | 'credited' | 'undecided' | 'settled-meanwhile';

/**
 * Gives up one pending gift: a gift with no payment yet is marked failed (a start still asking the
 * provider then finds it settled, cancels its payment and tells the giver to try again); one with
 * a payment is asked of the provider first: a payment that did go through is credited as any
 * other, one that did not is cancelled at the provider and the gift marked expired (a success
 * reported later is refunded, see recordPaymentSucceeded). Each change is one conditional update,
 * so two hands giving up the same gift change it once.
 */
export async function giveUpPendingGift(gift: Gift, ports: PaymentPorts): Promise<GiveUpOutcome> {
  const paymentIntentId = gift.paymentIntentId;
  if (paymentIntentId === null) return (await ports.gifts.settleUnpaid(gift.id, null, 'failed')) ? 'failed' : 'settled-meanwhile';
  try {
    if ((await ports.gateway.cancelPaymentIntent(paymentIntentId)) === 'succeeded') {
      // Paid after all: credited as any payment is, on the provider's own word of how much.
      const state = await ports.gateway.retrievePaymentIntent(paymentIntentId);
      const outcome = await recordPaymentSucceeded({ paymentIntentId, amount: state.amount, currency: state.currency }, ports);
      return outcome.kind === 'credited' || outcome.kind === 'refunded' ? 'credited' : 'settled-meanwhile';
    }
  } catch {
    return 'undecided';
  }
  return (await ports.gifts.settleUnpaid(gift.id, paymentIntentId, 'expired')) ? 'expired' : 'settled-meanwhile';
}

/**
 * Settles pending gifts nobody is paying, so that a stranger's unfinished gift cannot hold a
 * registry's currency or deletion hostage even when its family does nothing (the family's own
 * delete or currency change gives them up at once). A gift that never got a payment is given up
 * after minutes, one with a payment after a day.
 */
export async function expireAbandonedGifts(ports: PaymentPorts & { clock: Clock }): Promise<SweepResult> {
  const now = ports.clock.now().getTime();
  const result: SweepResult = { expired: 0, failed: 0, credited: 0, undecided: 0 };

  const unstarted = await ports.gifts.listPendingCreatedBefore(new Date(now - UNSTARTED_AFTER_MS), BATCH);
  for (const gift of unstarted.filter((candidate) => candidate.paymentIntentId === null)) {
    if ((await giveUpPendingGift(gift, ports)) === 'failed') result.failed += 1;
  }

  const abandoned = await ports.gifts.listPendingCreatedBefore(new Date(now - ABANDONED_AFTER_MS), BATCH);
  for (const gift of abandoned.filter((candidate) => candidate.paymentIntentId !== null)) {
    const outcome = await giveUpPendingGift(gift, ports);
    if (outcome === 'expired' || outcome === 'credited' || outcome === 'undecided') result[outcome] += 1;
  }
  return result;
}
