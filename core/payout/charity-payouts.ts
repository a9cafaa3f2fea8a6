import { DomainError } from '../errors';
import { isUuid } from '../ids';
import { centsToDecimalString, type Cents, type Currency } from '../money';
import type { Clock } from '../ports/clock';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import { refuseUnknownFields, validate } from '../validate';
import type { AuditActor } from '../model/audit-event';
import type { CharityPayout } from '../model/charity-payout';
import { charityPayoutClaimedEntry, charityPayoutReleasedEntry, charityPayoutSentEntry } from '../ledger/posting-rules';
import {
  claimedByAnother,
  claimOf,
  completedByAnotherOnly,
  holdsClaim,
  NOTHING_TO_RELEASE,
  REFUND_UNDER_WAY_AT_CLAIM,
} from '../model/payout-claim';
import { CHARITY_PAYOUT_COMPLETION_FIELDS, charityPayoutCompletionSchema } from './payout-schemas';

export interface PendingDistribution {
  payoutId: string;
  charityId: string;
  charityName: string;
  currency: Currency;
  totalAmount: Cents;
  giftCount: number;
  /** Who is sending it, and since when; null while it waits. */
  claimedBy: string | null;
  claimedAt: Date | null;
}

export type CharityPayoutWithName = CharityPayout & { charityName: string };

async function withNames(payouts: CharityPayout[], charities: Repositories['charities']): Promise<CharityPayoutWithName[]> {
  const all = await charities.listAll();
  return payouts.map((payout) => ({
    ...payout,
    charityName: all.find((charity) => charity.id === payout.charityId)?.name ?? 'A charity no longer listed',
  }));
}

/** What each charity is owed and not yet paid (waiting, or claimed and being sent), per currency, largest first; none whose every gift was refunded. */
export async function pendingDistributions(ports: Pick<Repositories, 'charityPayouts' | 'charities'>): Promise<PendingDistribution[]> {
  const pending = await withNames(await ports.charityPayouts.listUnsent(), ports.charities);
  return pending
    .map((payout) => ({
      payoutId: payout.id,
      charityId: payout.charityId,
      charityName: payout.charityName,
      currency: payout.currency,
      totalAmount: payout.amount,
      giftCount: payout.giftCount,
      claimedBy: payout.status === 'sending' ? payout.claimedBy : null,
      claimedAt: payout.status === 'sending' ? payout.claimedAt : null,
    }))
    .filter((line) => line.giftCount > 0)
    .sort((a, b) => b.totalAmount - a.totalAmount || a.charityName.localeCompare(b.charityName));
}

/** Every charity payout, newest first. */
export async function charityPayoutHistory(ports: Pick<Repositories, 'charityPayouts' | 'charities'>): Promise<CharityPayoutWithName[]> {
  return withNames(await ports.charityPayouts.list(), ports.charities);
}

function auditView(payout: CharityPayout) {
  return {
    status: payout.status,
    // Written as the decimal amount people read and pay, not in cents.
    amount: centsToDecimalString(payout.amount),
    currency: payout.currency,
    giftCount: payout.giftCount,
    paymentMethod: payout.paymentMethod,
    referenceNumber: payout.referenceNumber,
    notes: payout.notes,
    completedAt: payout.completedAt?.toISOString() ?? null,
    claimedBy: payout.claimedBy,
    claimedAt: payout.claimedAt?.toISOString() ?? null,
  };
}

function appendAudit(
  audit: Repositories['audit'],
  actor: AuditActor,
  action: 'charity_payout.claimed' | 'charity_payout.released' | 'charity_payout.completed',
  before: CharityPayout,
  after: CharityPayout,
  at: Date,
) {
  return audit.append({
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action,
    subjectType: 'charity_payout',
    subjectId: before.id,
    before: auditView(before),
    after: auditView(after),
    createdAt: at,
  });
}

const NOT_FOUND = 'Charity payout not found';

async function named(payout: CharityPayout, charities: Repositories['charities']): Promise<CharityPayoutWithName> {
  const [one] = await withNames([payout], charities);
  return one as CharityPayoutWithName;
}

type LockedRepositories = Pick<Repositories, 'charityPayouts' | 'gifts' | 'audit' | 'ledger'>;

/** The claim itself, on the locked row of a payout waiting: refused while a gift counted in it is being refunded. */
async function claimLocked(
  payout: CharityPayout,
  actor: AuditActor,
  now: Date,
  { charityPayouts, gifts, audit, ledger }: LockedRepositories,
): Promise<CharityPayout> {
  if (await gifts.hasRefundUnderWay(payout.registryIds, payout.charityId))
    throw new DomainError('registry.refund_under_way', REFUND_UNDER_WAY_AT_CLAIM);
  const claimed = await charityPayouts.claim(payout.id, claimOf(actor, now));
  const entry = charityPayoutClaimedEntry(claimed, claimed.claims);
  if (entry) await ledger.post(entry);
  await appendAudit(audit, actor, 'charity_payout.claimed', payout, claimed, now);
  return claimed;
}

/**
 * An administrator claims a charity's payout before paying it: recorded as the one sending it,
 * with the time. From then on closings add to a new pending payout and a refund can no longer
 * come out of this one; what the charity is owed moves to payouts in transit. Claiming a payout
 * one already holds changes nothing.
 */
export async function claimCharityPayout(
  id: string,
  actor: AuditActor,
  ports: { unitOfWork: UnitOfWork; clock: Clock },
): Promise<CharityPayoutWithName> {
  if (!isUuid(id)) throw new DomainError('payout.not_found', NOT_FOUND);
  return ports.unitOfWork.transaction(async (tx) => {
    const payout = await tx.charityPayouts.findByIdForUpdate(id);
    if (!payout) throw new DomainError('payout.not_found', NOT_FOUND);
    if (payout.status === 'completed') throw new DomainError('payout.already_completed', 'This payout was already marked completed');
    if (payout.status === 'sending') {
      if (holdsClaim(payout.claimedBy, actor)) return named(payout, tx.charities);
      throw claimedByAnother(payout.claimedBy);
    }
    return named(await claimLocked(payout, actor, ports.clock.now(), tx), tx.charities);
  });
}

/**
 * The charity's payout goes back to waiting, unpaid: by its holder, or by another administrator
 * for a stale claim (the audit trail names both). Pending again, it takes in what closings added
 * for the charity meanwhile (the repository folds that pending payout into it), and the whole
 * amount is owed to the charity again.
 */
export async function releaseCharityPayout(
  id: string,
  actor: AuditActor,
  ports: { unitOfWork: UnitOfWork; clock: Clock },
): Promise<CharityPayoutWithName> {
  if (!isUuid(id)) throw new DomainError('payout.not_found', NOT_FOUND);
  return ports.unitOfWork.transaction(async ({ charityPayouts, charities, audit, ledger, disputes }) => {
    const payout = await charityPayouts.findByIdForUpdate(id);
    if (!payout) throw new DomainError('payout.not_found', NOT_FOUND);
    if (payout.status === 'completed') throw new DomainError('payout.already_completed', 'This payout was already marked completed');
    if (payout.status !== 'sending') throw new DomainError('payout.not_claimed', NOTHING_TO_RELEASE);
    const now = ports.clock.now();
    // The pending payout closings (or won disputes) opened meanwhile is folded into this one: a
    // follow-up whose gift's 10% joined it names this one from now on, so a refund of that gift
    // takes the 10% from where it is (core/gift/finish-refund.ts). Each dispute is locked after the
    // payouts, as a refund locks them, and read again under its lock.
    const opened = (await charityPayouts.listUnsent()).find(
      (other) =>
        other.id !== payout.id && other.status === 'pending' && other.charityId === payout.charityId && other.currency === payout.currency,
    );
    const released = await charityPayouts.release(payout.id);
    if (opened) {
      for (const { id: disputeId } of (await disputes.listFollowUpsPending()).filter(
        (dispute) => dispute.followUp?.charityPayoutId === opened.id,
      )) {
        const followUp = (await disputes.findByIdForUpdate(disputeId))?.followUp;
        const unsent = followUp?.status === 'pending' || followUp?.status === 'sending';
        if (followUp && unsent && followUp.charityPayoutId === opened.id)
          await disputes.update(disputeId, { followUp: { ...followUp, charityPayoutId: released.id } });
      }
    }
    // What was claimed goes back; what the fold brought in was owed to the charity all along.
    const entry = charityPayoutReleasedEntry(payout, payout.claims);
    if (entry) await ledger.post(entry);
    await appendAudit(audit, actor, 'charity_payout.released', payout, released, now);
    return named(released, charities);
  });
}

/**
 * An administrator records that a charity was paid. With the payout locked: one nobody holds is
 * claimed for them in the same step (the spec's one call), one another administrator holds is
 * theirs to mark, and marking twice completes once. When the caller says which amount they paid
 * (in cents, read from the wire by the caller), it must be the amount owed now (a registry may
 * have closed since the page loaded). The audit trail gets the before and after in the same transaction.
 */
export async function completeCharityPayout(
  id: string,
  input: unknown,
  actor: AuditActor,
  ports: { unitOfWork: UnitOfWork; clock: Clock },
): Promise<CharityPayoutWithName> {
  if (!isUuid(id)) throw new DomainError('payout.not_found', 'Charity payout not found');
  refuseUnknownFields(input, CHARITY_PAYOUT_COMPLETION_FIELDS);
  const valid = await validate(charityPayoutCompletionSchema, input);
  const expected = valid.expectedAmount ?? null;
  return ports.unitOfWork.transaction(async (tx) => {
    const { charityPayouts, charities, audit, ledger } = tx;
    const payout = await charityPayouts.findByIdForUpdate(id);
    if (!payout) throw new DomainError('payout.not_found', NOT_FOUND);
    if (payout.status === 'completed') throw new DomainError('payout.already_completed', 'This payout was already marked completed');
    if (payout.status === 'sending' && !holdsClaim(payout.claimedBy, actor)) throw completedByAnotherOnly(payout.claimedBy);
    if (expected !== null && expected !== payout.amount) {
      throw new DomainError(
        'payout.changed',
        'The amount owed changed since you looked at it. Check it again before marking the payout completed.',
      );
    }
    const now = ports.clock.now();
    const held = payout.status === 'sending' ? payout : await claimLocked(payout, actor, now, tx);
    const completed = await charityPayouts.markCompleted(held.id, {
      paymentMethod: valid.paymentMethod,
      referenceNumber: valid.referenceNumber,
      notes: valid.notes?.trim() || null,
      completedAt: now,
    });
    const entry = charityPayoutSentEntry(completed);
    if (entry) await ledger.post(entry);
    await appendAudit(audit, actor, 'charity_payout.completed', held, completed, now);
    return named(completed, charities);
  });
}
