import { voidReceiptOf } from '../receipt/void-receipt';
import { centsToDecimalString } from '../money';
import { ADMIN_LABEL } from '../access/admin-access';
import type { AuditActor } from '../model/audit-event';
import type { Registry } from '../model/registry';
import type { Gift } from '../model/gift';
import type { Repositories } from '../ports/repositories';
import type { FollowUpPayout } from '../model/dispute';
import { giftRefundedAfterClosingEntry, giftRefundedAtPlatformCostEntry, giftRefundedEntry } from '../ledger/posting-rules';
import { familyRefundNotice, giftRefundedNotice, type RefundedBy } from './gift-emails';
import { lockPayoutsOf, payoutRefusal } from './refund-refusals';
import { auditView, refundKey, type RefundPorts } from './refund-ports';

/** A refund the provider reports that nobody here asked for (made in Stripe's dashboard, say). */
export const AT_THE_PROVIDER: AuditActor = { userId: null, label: 'provider:refund' };

/** The gift as a refund leaves it, and whether this call recorded it: the books, the mail and the metrics count it there, once. */
export interface FinishedRefund {
  gift: Gift;
  recorded: boolean;
}

/**
 * Who made the refund, as the family members who did not make it are told; null for the refund
 * sweep, which finishes a refund someone else started and cannot say who.
 */
async function refundedBy(actor: AuditActor, users: Repositories['users']): Promise<RefundedBy | null> {
  if (actor === AT_THE_PROVIDER) return 'provider';
  if (actor.label.startsWith(ADMIN_LABEL)) return 'support';
  if (!actor.userId) return null;
  const member = await users.findById(actor.userId);
  return { familyMember: member ? `${member.firstName} ${member.lastName}` : actor.label.replace(/^[^:]*:/, '') };
}

/**
 * The books, once the provider has refunded: refunding becomes refunded, once, and the giver is
 * told; so are the owner and co-owners who did not make it (an administrator's, one made at the
 * provider, or another family member's). Where the gift's amount comes from:
 *
 * - an open registry: what is held for it (totalReceived);
 * - a closed one whose payouts both still wait: the family's payout loses the gift's child amount,
 *   its charity's payout its charity amount (a family payout left with nothing to pay is done);
 * - at the platform's cost: nothing the family or the charity is owed changes. A payout cannot be
 *   claimed while a refund of one of its gifts is under way, so this is only ever the refund the
 *   administrator asked for; should the payouts have moved anyway, it is the one true record.
 */
export async function finishRefund(gift: Gift, actor: AuditActor, ports: RefundPorts): Promise<FinishedRefund> {
  return ports.unitOfWork.transaction(async (repositories) => {
    const { registries, gifts, charityPayouts, disputes, audit, mail, ledger, users } = repositories;
    const registry = await registries.findByIdForUpdate(gift.registryId);
    // Finished by someone else meanwhile (the sweep, or a second server): counted once, there.
    if (!registry || !(await gifts.changeStatus(gift.id, 'refunding', 'refunded'))) {
      return { gift: (await gifts.findById(gift.id)) ?? gift, recorded: false };
    }
    const now = ports.clock.now();
    const before = {
      totalReceived: centsToDecimalString(registry.totalReceived),
      payoutAmount: registry.payoutAmount === null ? null : centsToDecimalString(registry.payoutAmount),
    };
    let after = before;
    let atPlatformCost = gift.refundedAtPlatformCost;
    // The registry as the refund leaves it, which the family's notice states, and a follow-up payout it cancelled.
    let left = registry;
    let cancelledFollowUp: FollowUpPayout | null = null;
    if (registry.status === 'open') {
      await registries.addToTotalReceived(registry.id, -gift.amount);
      await ledger.post(giftRefundedEntry(gift, gift.currency));
      after = { ...before, totalReceived: centsToDecimalString(registry.totalReceived - gift.amount) };
    } else {
      const payouts = atPlatformCost ? null : await lockPayoutsOf(gift, registry, repositories);
      if (payouts?.charity && payoutRefusal(payouts) === null) {
        await registries.addToTotalReceived(registry.id, -gift.amount);
        const charityPayoutAmount = (registry.charityPayoutAmount ?? 0) - gift.charityAmount;
        let shrunk: Registry;
        const followUp = payouts.followUp?.followUp;
        if (payouts.followUp && followUp) {
          // Its 90% was the follow-up's, which will not be sent now; the registry's own payout is as it was.
          await disputes.update(payouts.followUp.id, { followUp: { ...followUp, status: 'cancelled' } });
          cancelledFollowUp = followUp;
          shrunk = await registries.update(registry.id, { charityPayoutAmount });
        } else {
          const payoutAmount = (registry.payoutAmount ?? 0) - gift.childAmount;
          shrunk = await registries.update(registry.id, {
            payoutAmount,
            charityPayoutAmount,
            // Nothing left to pay the family: done, as a closing with nothing to pay is.
            ...(payoutAmount === 0 ? { status: 'payout_sent' as const, payoutStatus: 'completed' as const, payoutSentAt: now } : {}),
          });
        }
        await charityPayouts.removeGift(payouts.charity.id, gift.charityAmount);
        await ledger.post(giftRefundedAfterClosingEntry(gift, gift.currency));
        after = {
          totalReceived: centsToDecimalString(shrunk.totalReceived),
          payoutAmount: shrunk.payoutAmount === null ? null : centsToDecimalString(shrunk.payoutAmount),
          ...(cancelledFollowUp ? { followUpCancelled: centsToDecimalString(cancelledFollowUp.amount) } : {}),
        };
        left = shrunk;
      } else {
        if (!atPlatformCost) await gifts.markRefundedAtPlatformCost(gift.id);
        atPlatformCost = true;
        await ledger.post(giftRefundedAtPlatformCostEntry(gift, gift.currency));
      }
    }
    await audit.append({
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: 'gift.refunded',
      subjectType: 'gift',
      subjectId: gift.id,
      before: { ...auditView(gift, 'refunding'), ...before },
      after: { ...auditView(gift, 'refunded'), ...after, ...(atPlatformCost ? { atPlatformCost: true } : {}) },
      createdAt: now,
    });
    await mail.enqueue({ ...giftRefundedNotice(gift, registry, ports.supportEmail), dedupeKey: refundKey(gift) });
    await voidReceiptOf(gift, registry, 'refunded', now, repositories, ports.supportEmail);
    const by = await refundedBy(actor, users);
    const told = by ? [registry.userId, ...registry.coOwnerIds].filter((memberId) => memberId !== actor.userId) : [];
    for (const memberId of told) {
      const member = await users.findById(memberId);
      if (!member || !by) continue;
      const notice = familyRefundNotice(
        { ...gift, refundedAtPlatformCost: atPlatformCost },
        left,
        member,
        by,
        ports.supportEmail,
        cancelledFollowUp?.amount ?? null,
      );
      await mail.enqueue({ ...notice, dedupeKey: `${refundKey(gift)}-family-${member.id}` });
    }
    return { gift: { ...gift, paymentStatus: 'refunded' as const, refundedAtPlatformCost: atPlatformCost }, recorded: true };
  });
}
