import type { User } from '../model/user';
import { DomainError } from '../errors';
import { adminActor } from '../access/admin-access';
import type { AuditActor } from '../model/audit-event';
import { requireManager, isOwner, requireSignedIn } from '../access/registry-access';
import type { Registry } from '../model/registry';
import { refuseUnknownFields, validate } from '../validate';
import type { Gift } from '../model/gift';
import { refundSchema } from './gift-schemas';
import { giftRefusal, lockPayoutsOf, platformCostRefusal, REFUND_UNDER_WAY, refundRefusal } from './refund-refusals';
import { auditView, type RefundPorts } from './refund-ports';
import { settleRefund } from './settle-refund';

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

/**
 * Gives a paid gift back to its giver, all they paid (fees included), through the provider.
 *
 * In three steps, so that no step can count the money twice or lose it: with the registry (and,
 * after closing, the gift's charity payout) locked, the gift goes from succeeded to refunding (one
 * conditional update: of two refunds at once, one wins; a closing or a payout's claim waits, and
 * refuses while a refund is under way); then the provider refunds, with one idempotency key per
 * gift; then, with the registry locked again, the gift becomes refunded, leaves totalReceived (and
 * after closing the family's and the charity's payouts), and the giver's e-mail is queued. A
 * provider that fails puts the gift back to succeeded and says so (settle-refund.ts); a crash
 * between the provider's answer and the last step leaves the gift refunding, which
 * finishStuckRefunds (finish-stuck-refunds.ts) completes with the same key.
 */
export async function refundGift(user: User | null, giftId: string, input: unknown, ports: RefundPorts): Promise<Gift> {
  const { gift, registry } = await findRefundable(giftId, ports);
  const actor = refunder(registry, user);
  refuseUnknownFields(input, ['reason']);
  const { reason } = await validate(refundSchema, input);
  if (giftRefusal(gift)) throw new DomainError('gift.not_refundable', giftRefusal(gift)!);
  return (await settleRefund(await startRefund(gift, registry, actor, reason, false, ports), actor, ports)).gift;
}

/**
 * An administrator refunds a gift whose family or charity payout was already claimed or sent, at
 * the platform's cost: the giver gets all they paid back, the family's and the charity's amounts
 * stay as they are, and the gift's amount goes to the loss account refunds-at-platform-cost. The
 * reason is required and kept in the audit trail. 401 for a visitor, 403 for anyone else.
 */
export async function refundGiftAtPlatformCost(user: User | null, giftId: string, input: unknown, ports: RefundPorts): Promise<Gift> {
  const signedIn = requireSignedIn(user);
  if (!signedIn.isAdmin) throw new DomainError('auth.forbidden', 'Only an administrator can refund a gift at the platform’s cost');
  const { gift, registry } = await findRefundable(giftId, ports);
  const actor = adminActor(signedIn);
  refuseUnknownFields(input, ['reason']);
  const { reason } = await validate(refundSchema, input);
  if (giftRefusal(gift)) throw new DomainError('gift.not_refundable', giftRefusal(gift)!);
  return (await settleRefund(await startRefund(gift, registry, actor, reason, true, ports), actor, ports)).gift;
}

async function findRefundable(giftId: string, ports: RefundPorts): Promise<{ gift: Gift; registry: Registry }> {
  const gift = await ports.gifts.findById(giftId);
  const registry = gift ? await ports.registries.findById(gift.registryId) : null;
  if (!gift || !registry || !registry.isActive) throw giftNotFound();
  return { gift, registry };
}

/** The first step: with the registry and the gift's charity payout locked, the rule checked again and the gift marked refunding. */
async function startRefund(
  gift: Gift,
  registry: Registry,
  actor: AuditActor,
  reason: string,
  atPlatformCost: boolean,
  ports: RefundPorts,
): Promise<Gift> {
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
