import type { Clock } from '../ports/clock';
import { recordPaymentSucceeded, type PaymentPorts } from './record-payment';

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

/**
 * Settles pending gifts nobody is paying, so that a stranger's unfinished gift cannot hold a
 * registry's currency or deletion hostage. Each is asked of the provider first: a payment that did
 * go through is credited as any other, one that did not is cancelled at the provider and the gift
 * marked expired. A gift that never got a payment is marked failed.
 */
export async function expireAbandonedGifts(ports: PaymentPorts & { clock: Clock }): Promise<SweepResult> {
  const now = ports.clock.now().getTime();
  const result: SweepResult = { expired: 0, failed: 0, credited: 0, undecided: 0 };

  const unstarted = await ports.gifts.listPendingCreatedBefore(new Date(now - UNSTARTED_AFTER_MS), BATCH);
  for (const gift of unstarted.filter((candidate) => candidate.stripePaymentIntentId === null)) {
    if (await ports.gifts.settleUnpaid(gift.id, null, 'failed')) result.failed += 1;
  }

  const abandoned = await ports.gifts.listPendingCreatedBefore(new Date(now - ABANDONED_AFTER_MS), BATCH);
  for (const gift of abandoned) {
    const paymentIntentId = gift.stripePaymentIntentId;
    if (paymentIntentId === null) continue;
    try {
      if ((await ports.gateway.cancelPaymentIntent(paymentIntentId)) === 'succeeded') {
        // Paid after all: credited as any payment is, on the provider's own word of how much.
        const state = await ports.gateway.retrievePaymentIntent(paymentIntentId);
        const outcome = await recordPaymentSucceeded({ paymentIntentId, amount: state.amount, currency: state.currency }, ports);
        if (outcome.kind === 'credited' || outcome.kind === 'refunded') result.credited += 1;
        continue;
      }
    } catch {
      result.undecided += 1;
      continue;
    }
    if (await ports.gifts.settleUnpaid(gift.id, paymentIntentId, 'expired')) result.expired += 1;
  }
  return result;
}
