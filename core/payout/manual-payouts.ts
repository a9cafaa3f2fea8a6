import { DomainError } from '../errors';
import { centsToDecimalString } from '../money';
import type { Clock } from '../ports/clock';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import { isManualPayoutMethod, type Registry } from '../registry/registry';
import type { AuditActor } from './audit-event';
import { payoutSentNotice } from './payout-emails';
import { familyPayoutSentEntry } from '../ledger/posting-rules';

/** A family payout an administrator sends by hand (PayPal or check), with whom to reach about it. */
export interface ManualPayout {
  registry: Registry;
  ownerEmail: string | null;
}

function isManual(registry: Registry): boolean {
  return isManualPayoutMethod(registry.payoutMethod) && registry.status !== 'open';
}

/** Pending (closed, not yet sent) and completed (payout_sent) PayPal and check payouts. */
export async function listManualPayouts(ports: Pick<Repositories, 'registries' | 'users'>): Promise<{ pending: ManualPayout[]; completed: ManualPayout[] }> {
  const registries = await ports.registries.listManualPayouts();
  const owners = new Map<string, string | null>();
  for (const userId of new Set(registries.map((registry) => registry.userId))) {
    owners.set(userId, (await ports.users.findById(userId))?.email ?? null);
  }
  const payouts = registries.map((registry) => ({ registry, ownerEmail: owners.get(registry.userId) ?? null }));
  return {
    pending: payouts.filter(({ registry }) => registry.payoutStatus === 'pending'),
    // Most recently sent first.
    completed: payouts
      .filter(({ registry }) => registry.payoutStatus === 'completed')
      .sort((a, b) => (b.registry.payoutSentAt?.getTime() ?? 0) - (a.registry.payoutSentAt?.getTime() ?? 0)),
  };
}

function auditView(registry: Registry) {
  return {
    status: registry.status,
    payoutStatus: registry.payoutStatus,
    payoutMethod: registry.payoutMethod,
    payoutAmount: registry.payoutAmount === null ? null : centsToDecimalString(registry.payoutAmount),
    currency: registry.currency,
    payoutSentAt: registry.payoutSentAt?.toISOString() ?? null,
  };
}

/**
 * An administrator records that the family's PayPal payment or check was sent: payoutSentAt, and
 * the registry moves to payout_sent. With the registry locked, so marking twice completes once.
 */
export async function completeManualPayout(
  registryId: string,
  actor: AuditActor,
  ports: { unitOfWork: UnitOfWork; clock: Clock; supportEmail: string },
): Promise<ManualPayout> {
  return ports.unitOfWork.transaction(async ({ registries, users, audit, mail, ledger }) => {
    const registry = await registries.findByIdForUpdate(registryId);
    if (!registry || !isManual(registry)) throw new DomainError('payout.not_found', 'Manual payout not found');
    if (registry.payoutStatus === 'completed') throw new DomainError('payout.already_completed', 'This payout was already marked complete');
    const now = ports.clock.now();
    const sent = await registries.update(registry.id, { status: 'payout_sent', payoutStatus: 'completed', payoutSentAt: now });
    const entry = familyPayoutSentEntry(sent.id, sent.currency, sent.payoutAmount ?? 0, null);
    if (entry) await ledger.post(entry);
    await audit.append({
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: 'manual_payout.completed',
      subjectType: 'registry',
      subjectId: registry.id,
      before: auditView(registry),
      after: auditView(sent),
      createdAt: now,
    });
    const owner = await users.findById(sent.userId);
    if (owner) await mail.enqueue({ ...payoutSentNotice(sent, owner, ports.supportEmail), dedupeKey: `payout-sent-${sent.id}` });
    return { registry: sent, ownerEmail: owner?.email ?? null };
  });
}
