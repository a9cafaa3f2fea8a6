import type { Gift } from '../model/gift';
import { AT_THE_PROVIDER, finishRefund, type FinishedRefund } from './finish-refund';
import { auditView, type RefundPorts } from './refund-ports';
import { lockPayoutsOf, refundRefusal } from './refund-refusals';

/** What a provider's report of a refund meant for our books; the caller logs those a person must settle. */
export type ProviderRefundOutcome =
  | { kind: 'recorded'; gift: Gift }
  | { kind: 'already-refunded'; gift: Gift }
  /** Part of the payment was given back: the gift stays as it is, for a person to settle. */
  | { kind: 'partial'; gift: Gift; charged: number; refunded: number }
  /** Given back after the registry closed, when a payout was already claimed or sent: its share is promised or gone, for a person to settle. */
  | { kind: 'after-close'; gift: Gift }
  | { kind: 'not-paid'; gift: Gift }
  | { kind: 'unknown-payment' };

/**
 * The provider says a payment was refunded (Stripe's charge.refunded): our own refund arriving
 * back, which finishes it if the books have not yet, or one made in the provider's dashboard,
 * which the books then follow as any refund does (out of the total or, after closing, out of both
 * waiting payouts; the giver told). A partial refund, or one after a payout was claimed, changes
 * nothing here and is reported.
 */
export async function recordRefundAtProvider(
  report: { paymentIntentId: string; charged: number; refunded: number },
  ports: RefundPorts,
): Promise<ProviderRefundOutcome> {
  const found = await ports.unitOfWork.transaction((tx) => tx.gifts.findByPaymentIntentIdForUpdate(report.paymentIntentId));
  if (!found) return { kind: 'unknown-payment' };
  if (found.paymentStatus === 'refunded') return { kind: 'already-refunded', gift: found };
  if (report.refunded < report.charged) return { kind: 'partial', gift: found, charged: report.charged, refunded: report.refunded };
  if (found.paymentStatus === 'refunding') return finishedHere(await finishRefund(found, AT_THE_PROVIDER, ports));
  if (found.paymentStatus !== 'succeeded') return { kind: 'not-paid', gift: found };

  const begun = await ports.unitOfWork.transaction(async (repositories) => {
    const { registries, gifts, audit } = repositories;
    const registry = await registries.findByIdForUpdate(found.registryId);
    if (!registry) return 'closed' as const;
    // After closing, as the family's own refund: only while both payouts still wait.
    if (refundRefusal(found, registry, await lockPayoutsOf(found, registry, repositories))) return 'closed' as const;
    const now = ports.clock.now();
    if (!(await gifts.beginRefund(found.id, now))) return 'raced' as const;
    await audit.append({
      actorUserId: AT_THE_PROVIDER.userId,
      actorLabel: AT_THE_PROVIDER.label,
      action: 'gift.refund_started',
      subjectType: 'gift',
      subjectId: found.id,
      before: auditView(found, 'succeeded'),
      after: { ...auditView(found, 'refunding'), reason: 'Refunded at the payment provider' },
      createdAt: now,
    });
    return 'begun' as const;
  });
  if (begun === 'closed') return { kind: 'after-close', gift: found };
  if (begun === 'raced') return { kind: 'already-refunded', gift: (await ports.gifts.findById(found.id)) ?? found };
  return finishedHere(await finishRefund(found, AT_THE_PROVIDER, ports));
}

/** Recorded by this report, or by our own refund's last step a moment before it: counted once, where it was recorded. */
function finishedHere(finished: FinishedRefund): ProviderRefundOutcome {
  return finished.recorded ? { kind: 'recorded', gift: finished.gift } : { kind: 'already-refunded', gift: finished.gift };
}
