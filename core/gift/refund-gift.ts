import { voidReceiptOf } from '../receipt/void-receipt';
import type { User } from '../model/user';
import { DomainError } from '../errors';
import { centsToDecimalString } from '../money';
import { ADMIN_LABEL, adminActor } from '../access/admin-access';
import type { AuditActor } from '../model/audit-event';
import type { Clock } from '../ports/clock';
import { RefundRefused, type PaymentGateway } from '../ports/payment-gateway';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import { requireManager, isOwner, requireSignedIn } from '../access/registry-access';
import type { Registry } from '../model/registry';
import { refuseUnknownFields, validate } from '../validate';
import type { Gift } from '../model/gift';
import { familyRefundNotice, giftRefundedNotice, type RefundedBy } from './gift-emails';
import { refundSchema } from './gift-schemas';
import { totalCharged } from './record-payment';
import { giftRefundedAfterClosingEntry, giftRefundedAtPlatformCostEntry, giftRefundedEntry } from '../ledger/posting-rules';
import { disputeLossHeldEntry, disputeOpenedEntry } from '../ledger/dispute-postings';
import { tellOfEnd } from '../dispute/record-dispute';
import type { FollowUpPayout } from '../model/dispute';
import { REFUND_SETTLES_WITHIN_MS } from '../model/refund-timing';
import {
  giftRefusal,
  lockPayoutsOf,
  payoutRefusal,
  platformCostRefusal,
  REFUND_REFUSED,
  REFUND_REFUSED_DISPUTED,
  REFUND_UNCONFIRMED,
  REFUND_UNDER_WAY,
  refundRefusal,
} from './refund-refusals';

const BATCH = 100;

/** Who finishes a refund whose first try was cut off. */
const REFUND_SWEEP: AuditActor = { userId: null, label: 'system:refund-sweep' };
/** A refund the provider reports that nobody here asked for (made in Stripe's dashboard, say). */
export const AT_THE_PROVIDER: AuditActor = { userId: null, label: 'provider:refund' };

export interface RefundPorts {
  unitOfWork: UnitOfWork;
  gifts: Repositories['gifts'];
  registries: Repositories['registries'];
  gateway: PaymentGateway;
  clock: Clock;
  /** Where replies to the giver's refund e-mail go (SUPPORT_EMAIL). */
  supportEmail: string;
}

/** The idempotency key of a gift's one refund: a repeat, from whichever path, refunds once. */
export function refundKey(gift: Pick<Gift, 'id'>): string {
  return `refund-${gift.id}`;
}

function giftNotFound(): DomainError {
  return new DomainError('gift.not_found', 'Gift not found');
}

/**
 * The registry's family (owner or co-owner: refunding is not one of the owner's own calls), or any
 * administrator (the giver asked support, say): 401 visitor, 403 anyone else.
 */
function refunder(registry: Registry, user: User | null): AuditActor {
  const signedIn = requireSignedIn(user);
  if (signedIn.isAdmin) return adminActor(signedIn);
  requireManager(registry, signedIn);
  const role = isOwner(registry, signedIn) ? 'owner' : 'co-owner';
  return { userId: signedIn.id, label: `${role}:${signedIn.username}` };
}

export function auditView(gift: Gift, status: Gift['paymentStatus']) {
  return {
    paymentStatus: status,
    registryId: gift.registryId,
    amount: centsToDecimalString(gift.amount),
    totalCharged: centsToDecimalString(totalCharged(gift)),
  };
}

/**
 * Gives a paid gift back to its giver, all they paid (fees included), through the provider.
 *
 * In three steps, so that no step can count the money twice or lose it: with the registry (and,
 * after closing, the gift's charity payout) locked, the gift goes from succeeded to refunding (one
 * conditional update: of two refunds at once, one wins; a closing or a payout's claim waits, and
 * refuses while a refund is under way); then the provider refunds, with one idempotency key per
 * gift; then, with the registry locked again, the gift becomes refunded, leaves totalReceived (and
 * after closing the family's and the charity's payouts), and the giver's e-mail is queued. A
 * provider that fails puts the gift back to succeeded and says so; a crash between the provider's
 * answer and the last step leaves the gift refunding, which finishStuckRefunds completes with the
 * same key.
 */
export async function refundGift(giftId: string, input: unknown, ports: RefundPorts & { user: User | null }): Promise<Gift> {
  const { gift, registry } = await findRefundable(giftId, ports);
  const actor = refunder(registry, ports.user);
  refuseUnknownFields(input, ['reason']);
  const { reason } = await validate(refundSchema, input);
  if (giftRefusal(gift)) throw new DomainError('gift.not_refundable', giftRefusal(gift)!);
  return settleRefund(await startRefund(gift, registry, actor, reason, false, ports), actor, ports);
}

/**
 * An administrator refunds a gift whose family or charity payout was already claimed or sent, at
 * the platform's cost: the giver gets all they paid back, the family's and the charity's amounts
 * stay as they are, and the gift's amount goes to the loss account refunds-at-platform-cost. The
 * reason is required and kept in the audit trail. 401 for a visitor, 403 for anyone else.
 */
export async function refundGiftAtPlatformCost(giftId: string, input: unknown, ports: RefundPorts & { user: User | null }): Promise<Gift> {
  const signedIn = requireSignedIn(ports.user);
  if (!signedIn.isAdmin) throw new DomainError('auth.forbidden', 'Only an administrator can refund a gift at the platform’s cost');
  const { gift, registry } = await findRefundable(giftId, ports);
  const actor = adminActor(signedIn);
  refuseUnknownFields(input, ['reason']);
  const { reason } = await validate(refundSchema, input);
  if (giftRefusal(gift)) throw new DomainError('gift.not_refundable', giftRefusal(gift)!);
  return settleRefund(await startRefund(gift, registry, actor, reason, true, ports), actor, ports);
}

async function findRefundable(giftId: string, ports: RefundPorts): Promise<{ gift: Gift; registry: Registry }> {
  const gift = await ports.gifts.findById(giftId);
  const registry = gift ? await ports.registries.findById(gift.registryId) : null;
  if (!gift || !registry || !registry.isActive) throw giftNotFound();
  return { gift, registry };
}

/** The first step: with the registry and the gift's charity payout locked, the rule checked again and the gift marked refunding. */
async function startRefund(gift: Gift, registry: Registry, actor: AuditActor, reason: string, atPlatformCost: boolean, ports: RefundPorts): Promise<Gift> {
  return ports.unitOfWork.transaction(async (repositories) => {
    const { registries, gifts, audit } = repositories;
    const locked = await registries.findByIdForUpdate(registry.id);
    const current = await gifts.findById(gift.id);
    if (!locked || !current) throw giftNotFound();
    const payouts = await lockPayoutsOf(current, locked, repositories);
    const refusedNow = atPlatformCost ? platformCostRefusal(current, locked, payouts) : refundRefusal(current, locked, payouts);
    if (refusedNow) throw new DomainError('gift.not_refundable', refusedNow);
    const now = ports.clock.now();
    // Another refund of it began a moment ago: under way, not done.
    if (!(await gifts.beginRefund(current.id, now, atPlatformCost))) throw new DomainError('gift.not_refundable', REFUND_UNDER_WAY);
    await audit.append({
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: 'gift.refund_started',
      subjectType: 'gift',
      subjectId: current.id,
      before: auditView(current, 'succeeded'),
      after: { ...auditView(current, 'refunding'), reason, ...(atPlatformCost ? { atPlatformCost: true } : {}) },
      createdAt: now,
    });
    return { ...current, paymentStatus: 'refunding' as const, refundedAtPlatformCost: atPlatformCost };
  });
}

/**
 * The provider's refund, then the books: refunded on success, back to succeeded when the provider
 * refused for good. When its answer is unknown (a timeout, a 5xx) the refund may have gone
 * through, so the gift stays refunding and the sweep asks again with the same key.
 */
export async function settleRefund(gift: Gift, actor: AuditActor, ports: RefundPorts): Promise<Gift> {
  try {
    if (!gift.stripePaymentIntentId) throw new RefundRefused(`gift ${gift.id} is paid but has no payment`);
    await ports.gateway.refund(gift.stripePaymentIntentId, refundKey(gift));
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
      if (!(await gifts.changeStatus(gift.id, 'refunding', back))) return null;
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
    throw new DomainError('payment.unavailable', back === 'disputed' ? REFUND_REFUSED_DISPUTED : REFUND_REFUSED, undefined, error);
  }
  return finishRefund(gift, actor, ports);
}

/** Who made a refund the family did not make themselves, and so must be told of; null for the family's own. */
function refundedWithoutTheFamily(actor: AuditActor): RefundedBy | null {
  if (actor === AT_THE_PROVIDER) return 'provider';
  return actor.label.startsWith(ADMIN_LABEL) ? 'support' : null;
}

/**
 * The books, once the provider has refunded: refunding becomes refunded, once, and the giver is
 * told; so are the owner and co-owners when the refund was not theirs (an administrator's, or one
 * made at the provider). Where the gift's amount comes from:
 *
 * - an open registry: what is held for it (totalReceived);
 * - a closed one whose payouts both still wait: the family's payout loses the gift's child amount,
 *   its charity's payout its charity amount (a family payout left with nothing to pay is done);
 * - at the platform's cost: nothing the family or the charity is owed changes. A payout cannot be
 *   claimed while a refund of one of its gifts is under way, so this is only ever the refund the
 *   administrator asked for; should the payouts have moved anyway, it is the one true record.
 */
export async function finishRefund(gift: Gift, actor: AuditActor, ports: RefundPorts): Promise<Gift> {
  return ports.unitOfWork.transaction(async (repositories) => {
    const { registries, gifts, charityPayouts, disputes, audit, mail, ledger, users } = repositories;
    const registry = await registries.findByIdForUpdate(gift.registryId);
    // Finished by someone else meanwhile (the sweep, or a second server): counted once, there.
    if (!registry || !(await gifts.changeStatus(gift.id, 'refunding', 'refunded'))) return (await gifts.findById(gift.id)) ?? gift;
    const now = ports.clock.now();
    const before = { totalReceived: centsToDecimalString(registry.totalReceived), payoutAmount: registry.payoutAmount === null ? null : centsToDecimalString(registry.payoutAmount) };
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
    const by = refundedWithoutTheFamily(actor);
    if (by) {
      for (const memberId of [registry.userId, ...registry.coOwnerIds]) {
        const member = await users.findById(memberId);
        if (member) {
          const notice = familyRefundNotice({ ...gift, refundedAtPlatformCost: atPlatformCost }, left, member, by, ports.supportEmail, cancelledFollowUp?.amount ?? null);
          await mail.enqueue({ ...notice, dedupeKey: `${refundKey(gift)}-family-${member.id}` });
        }
      }
    }
    return { ...gift, paymentStatus: 'refunded' as const, refundedAtPlatformCost: atPlatformCost };
  });
}

/**
 * Finishes refunds whose first try was cut off (see refundGift): asks the provider again with the
 * same key, so a refund that went through is recorded once and one that did not is made now, or
 * the gift goes back to succeeded when the provider refuses.
 */
export async function finishStuckRefunds(ports: RefundPorts): Promise<{ refunded: number; restored: number; unconfirmed: number }> {
  const before = new Date(ports.clock.now().getTime() - REFUND_SETTLES_WITHIN_MS);
  const result = { refunded: 0, restored: 0, unconfirmed: 0 };
  for (const gift of await ports.gifts.listRefundingStartedBefore(before, BATCH)) {
    try {
      await settleRefund(gift, REFUND_SWEEP, ports);
      result.refunded += 1;
    } catch (error) {
      // Still unknown: the gift stays refunding, and the next sweep asks again.
      if (error instanceof DomainError && error.message === REFUND_UNCONFIRMED) result.unconfirmed += 1;
      else result.restored += 1;
    }
  }
  return result;
}
