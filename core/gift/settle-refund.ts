import { DomainError } from '../errors';
import type { AuditActor } from '../model/audit-event';
import { RefundRefused } from '../ports/payment-gateway';
import type { Gift } from '../model/gift';
import { disputeLossHeldEntry, disputeOpenedEntry } from '../ledger/dispute-postings';
import { tellOfEnd } from '../dispute/record-dispute';
import { REFUND_REFUSED, REFUND_REFUSED_DISPUTED, REFUND_UNCONFIRMED } from './refund-refusals';
import { auditView, refundKey, type RefundPorts } from './refund-ports';
import { finishRefund, type FinishedRefund } from './finish-refund';

/**
 * The provider's refund, then the books: refunded on success, back to succeeded when the provider
 * refused for good. When its answer is unknown (a timeout, a 5xx) the refund may have gone
 * through, so the gift stays refunding and the sweep asks again with the same key.
 */
export async function settleRefund(gift: Gift, actor: AuditActor, ports: RefundPorts): Promise<FinishedRefund> {
  try {
    if (!gift.paymentIntentId) throw new RefundRefused(`gift ${gift.id} is paid but has no payment`);
    await ports.gateway.refund(gift.paymentIntentId, refundKey(gift));
  } catch (error) {
    if (!(error instanceof RefundRefused)) {
      throw new DomainError('payment.unavailable', REFUND_UNCONFIRMED, undefined, error);
    }
    const back = await ports.unitOfWork.transaction(async (repositories) => {
      const { registries, gifts, disputes, ledger, audit } = repositories;
      // The registry first, then the gift and its dispute: the order a dispute and a closing lock them in.
      const registry = await registries.findByIdForUpdate(gift.registryId);
      const dispute = await disputes.findNotWonByGiftIdForUpdate(gift.id);
      // The bank disputed the payment while its refund was under way (the likely reason the provider
      // refused it): the dispute found the gift refunding, so it held nothing. Held now, as it would
      // have been, so the family and the charity are not paid a gift the bank may take, or took, back.
      const holdNow = registry?.status === 'open' && dispute?.phase === 'paid';
      const back = holdNow ? ('disputed' as const) : ('succeeded' as const);
      // Settled by someone else meanwhile (the provider's own report, the sweep, a second server): as they left it.
      if (!(await gifts.changeStatus(gift.id, 'refunding', back))) return (await gifts.findById(gift.id))?.paymentStatus ?? null;
      if (holdNow) {
        await registries.addToTotalReceived(registry.id, -gift.amount);
        const held = await disputes.update(dispute.id, { phase: 'held', heldAmount: gift.amount });
        const opened = disputeOpenedEntry(held);
        if (opened) await ledger.post(opened);
        if (held.status === 'lost') {
          // Already lost, and booked as the platform's whole loss: the family's and the charity's
          // parts are now never paid, and the family, told then that nothing changed, is told again.
          const moved = disputeLossHeldEntry(held);
          if (moved) await ledger.post(moved);
          await tellOfEnd(held, repositories, ports, '-held');
        }
      }
      await audit.append({
        actorUserId: actor.userId,
        actorLabel: actor.label,
        action: 'gift.refund_failed',
        subjectType: 'gift',
        subjectId: gift.id,
        before: auditView(gift, 'refunding'),
        after: auditView(gift, back),
        createdAt: ports.clock.now(),
      });
      return back;
    });
    if (back === 'refunded') return { gift: (await ports.gifts.findById(gift.id)) ?? gift, recorded: false };
    throw new DomainError('payment.unavailable', back === 'disputed' ? REFUND_REFUSED_DISPUTED : REFUND_REFUSED, undefined, error);
  }
  return finishRefund(gift, actor, ports);
}
