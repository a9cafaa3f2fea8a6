import { DomainError } from '../errors';
import type { Clock } from '../ports/clock';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import { isManualPayoutMethod, type Registry } from '../model/registry';
import type { AuditActor } from '../model/audit-event';
import { auditFamilyPayout } from './family-payout-audit';
import { payoutSentNotice } from './payout-emails';
import { familyPayoutClaimedEntry, familyPayoutReleasedEntry, familyPayoutSentEntry } from '../ledger/posting-rules';
import {
  claimedByAnother,
  claimOf,
  completedByAnotherOnly,
  holdsClaim,
  NOTHING_TO_RELEASE,
  REFUND_UNDER_WAY_AT_CLAIM,
} from '../model/payout-claim';
import { MANUAL_PAYOUT_COMPLETION_FIELDS, manualPayoutRecordSchema } from './payout-schemas';
import { refuseUnknownFields, validate } from '../validate';

/** A family payout an administrator sends by hand (PayPal or check), with whom to reach about it. */
export interface ManualPayout {
  registry: Registry;
  ownerEmail: string | null;
}

function isManual(registry: Registry): boolean {
  return isManualPayoutMethod(registry.payoutMethod) && registry.status !== 'open';
}

/** Pending (closed, not yet sent: waiting, or claimed and being sent) and completed (payout_sent) PayPal and check payouts. */
export async function listManualPayouts(
  ports: Pick<Repositories, 'registries' | 'users'>,
): Promise<{ pending: ManualPayout[]; completed: ManualPayout[] }> {
  const registries = await ports.registries.listManualPayouts();
  // The owners in one read, not one each: the list grows with the registries closed.
  const owners = new Map((await ports.users.findByIds(registries.map((registry) => registry.userId))).map((user) => [user.id, user.email]));
  const payouts = registries.map((registry) => ({ registry, ownerEmail: owners.get(registry.userId) ?? null }));
  return {
    pending: payouts.filter(({ registry }) => registry.payoutStatus !== 'completed'),
    // Most recently sent first.
    completed: payouts
      .filter(({ registry }) => registry.payoutStatus === 'completed')
      .sort((a, b) => (b.registry.payoutSentAt?.getTime() ?? 0) - (a.registry.payoutSentAt?.getTime() ?? 0)),
  };
}

const NOT_FOUND = 'Manual payout not found';

type LockedRepositories = Pick<Repositories, 'registries' | 'gifts' | 'audit' | 'ledger'>;

/**
 * The claim itself, on the locked row of a payout waiting to be sent: refused while a gift of the
 * registry is being refunded (the amount may still shrink).
 */
async function claimLocked(
  registry: Registry,
  actor: AuditActor,
  now: Date,
  { registries, gifts, audit, ledger }: LockedRepositories,
): Promise<Registry> {
  if ((await gifts.paymentStatusesOf(registry.id)).has('refunding'))
    throw new DomainError('registry.refund_under_way', REFUND_UNDER_WAY_AT_CLAIM);
  const claim = claimOf(actor, now);
  const claimed = await registries.update(registry.id, {
    payoutStatus: 'sending',
    payoutClaimedBy: claim.claimedBy,
    payoutClaimedByUserId: claim.claimedByUserId,
    payoutClaimedAt: claim.claimedAt,
    payoutClaims: registry.payoutClaims + 1,
  });
  const entry = familyPayoutClaimedEntry(claimed.id, claimed.currency, claimed.payoutAmount ?? 0, claimed.payoutClaims);
  if (entry) await ledger.post(entry);
  await auditFamilyPayout(audit, actor, 'manual_payout.claimed', registry, claimed, now);
  return claimed;
}

/**
 * An administrator claims a PayPal or check payout before sending it: they are recorded as the
 * one sending it, with the time, and the amount moves from what the family is owed to payouts in
 * transit. From then on it is fixed (a refund can no longer come out of it) and only they mark it
 * sent. Claiming a payout one already holds changes nothing.
 */
export async function claimManualPayout(
  registryId: string,
  actor: AuditActor,
  ports: { unitOfWork: UnitOfWork; clock: Clock },
): Promise<ManualPayout> {
  return ports.unitOfWork.transaction(async (tx) => {
    const registry = await tx.registries.findByIdForUpdate(registryId);
    if (!registry || !isManual(registry)) throw new DomainError('payout.not_found', NOT_FOUND);
    if (registry.payoutStatus === 'completed') throw new DomainError('payout.already_completed', 'This payout was already marked sent');
    const withOwnerEmail = async (changed: Registry) => ({
      registry: changed,
      ownerEmail: (await tx.users.findById(changed.userId))?.email ?? null,
    });
    if (registry.payoutStatus === 'sending') {
      if (holdsClaim(registry.payoutClaimedBy, actor)) return withOwnerEmail(registry);
      throw claimedByAnother(registry.payoutClaimedBy);
    }
    return withOwnerEmail(await claimLocked(registry, actor, ports.clock.now(), tx));
  });
}

/**
 * The payout goes back to waiting, unsent: by its holder (they will not send it after all), or by
 * another administrator when the holder is away and it was not sent (a stale claim); the audit
 * trail names both. The amount is owed to the family again.
 */
export async function releaseManualPayout(
  registryId: string,
  actor: AuditActor,
  ports: { unitOfWork: UnitOfWork; clock: Clock },
): Promise<ManualPayout> {
  return ports.unitOfWork.transaction(async ({ registries, users, audit, ledger }) => {
    const registry = await registries.findByIdForUpdate(registryId);
    if (!registry || !isManual(registry)) throw new DomainError('payout.not_found', NOT_FOUND);
    if (registry.payoutStatus === 'completed') throw new DomainError('payout.already_completed', 'This payout was already marked sent');
    if (registry.payoutStatus !== 'sending') throw new DomainError('payout.not_claimed', NOTHING_TO_RELEASE);
    const now = ports.clock.now();
    const released = await registries.update(registry.id, {
      payoutStatus: 'pending',
      payoutClaimedBy: null,
      payoutClaimedByUserId: null,
      payoutClaimedAt: null,
    });
    const entry = familyPayoutReleasedEntry(released.id, released.currency, released.payoutAmount ?? 0, registry.payoutClaims);
    if (entry) await ledger.post(entry);
    await auditFamilyPayout(audit, actor, 'manual_payout.released', registry, released, now);
    return { registry: released, ownerEmail: (await users.findById(released.userId))?.email ?? null };
  });
}

/**
 * An administrator records that the family's PayPal payment or check was sent, with its PayPal
 * transaction id or check number: payoutSentAt, and the registry moves to payout_sent. With the
 * registry locked, so marking twice completes once. A payout nobody holds is claimed for them
 * in the same step (the spec's one call); one another administrator holds is theirs to mark.
 */
export async function completeManualPayout(
  registryId: string,
  input: unknown,
  actor: AuditActor,
  ports: { unitOfWork: UnitOfWork; clock: Clock; supportEmail: string },
): Promise<ManualPayout> {
  refuseUnknownFields(input ?? {}, MANUAL_PAYOUT_COMPLETION_FIELDS);
  return ports.unitOfWork.transaction(async (tx) => {
    const registry = await tx.registries.findByIdForUpdate(registryId);
    if (!registry || !isManual(registry)) throw new DomainError('payout.not_found', NOT_FOUND);
    if (registry.payoutStatus === 'completed') throw new DomainError('payout.already_completed', 'This payout was already marked complete');
    // What it is called depends on how it is sent, which only the locked row says for sure.
    const { referenceNumber } = await validate(
      manualPayoutRecordSchema(registry.payoutMethod === 'paypal' ? 'paypal' : 'check'),
      input ?? {},
    );
    const now = ports.clock.now();
    if (registry.payoutStatus === 'sending' && !holdsClaim(registry.payoutClaimedBy, actor))
      throw completedByAnotherOnly(registry.payoutClaimedBy);
    const held = registry.payoutStatus === 'sending' ? registry : await claimLocked(registry, actor, now, tx);
    // The claim stays on the row: it says who sent it.
    const sent = await tx.registries.update(held.id, {
      status: 'payout_sent',
      payoutStatus: 'completed',
      payoutSentAt: now,
      payoutReference: referenceNumber || null,
    });
    const entry = familyPayoutSentEntry(sent.id, sent.currency, sent.payoutAmount ?? 0, null);
    if (entry) await tx.ledger.post(entry);
    await auditFamilyPayout(tx.audit, actor, 'manual_payout.completed', held, sent, now);
    const owner = await tx.users.findById(sent.userId);
    if (owner) await tx.mail.enqueue({ ...payoutSentNotice(sent, owner, ports.supportEmail), dedupeKey: `payout-sent-${sent.id}` });
    return { registry: sent, ownerEmail: owner?.email ?? null };
  });
}
