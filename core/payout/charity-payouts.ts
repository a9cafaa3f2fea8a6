import { DomainError } from '../errors';
import { isUuid } from '../ids';
import { centsToDecimalString, parseCents, type Cents, type Currency } from '../money';
import type { Clock } from '../ports/clock';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import { refuseUnknownFields, validate } from '../validate';
import type { AuditActor } from './audit-event';
import type { CharityPayout } from './charity-payout';
import { charityPayoutSentEntry } from '../ledger/posting-rules';
import { CHARITY_PAYOUT_COMPLETION_FIELDS, charityPayoutCompletionSchema } from './payout-schemas';

export interface PendingDistribution {
  payoutId: string;
  charityId: string;
  charityName: string;
  currency: Currency;
  totalAmount: Cents;
  giftCount: number;
}

export type CharityPayoutWithName = CharityPayout & { charityName: string };

async function withNames(payouts: CharityPayout[], charities: Repositories['charities']): Promise<CharityPayoutWithName[]> {
  const all = await charities.listAll();
  return payouts.map((payout) => ({ ...payout, charityName: all.find((charity) => charity.id === payout.charityId)?.name ?? 'A charity no longer listed' }));
}

/** What each charity is owed, per currency, largest first. */
export async function pendingDistributions(ports: Pick<Repositories, 'charityPayouts' | 'charities'>): Promise<PendingDistribution[]> {
  const pending = await withNames(await ports.charityPayouts.listPending(), ports.charities);
  return pending
    .map((payout) => ({
      payoutId: payout.id,
      charityId: payout.charityId,
      charityName: payout.charityName,
      currency: payout.currency,
      totalAmount: payout.amount,
      giftCount: payout.giftCount,
    }))
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
  };
}

/**
 * An administrator records that a charity was paid. With the payout locked: it must still be
 * pending (marking twice completes once), and when the caller says which amount they paid, it
 * must be the amount owed now (a registry may have closed since the page loaded). The audit
 * trail gets the before and after in the same transaction.
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
  const expected = valid.expectedAmount === null || valid.expectedAmount === undefined ? null : parseCents(valid.expectedAmount);
  return ports.unitOfWork.transaction(async ({ charityPayouts, charities, audit, ledger }) => {
    const payout = await charityPayouts.findByIdForUpdate(id);
    if (!payout) throw new DomainError('payout.not_found', 'Charity payout not found');
    if (payout.status === 'completed') throw new DomainError('payout.already_completed', 'This payout was already marked completed');
    if (expected !== null && expected !== payout.amount) {
      throw new DomainError('payout.changed', 'The amount owed changed since you looked at it. Check it again before marking the payout completed.');
    }
    const now = ports.clock.now();
    const completed = await charityPayouts.markCompleted(payout.id, {
      paymentMethod: valid.paymentMethod,
      referenceNumber: valid.referenceNumber,
      notes: valid.notes?.trim() || null,
      completedAt: now,
    });
    const entry = charityPayoutSentEntry(completed);
    if (entry) await ledger.post(entry);
    await audit.append({
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: 'charity_payout.completed',
      subjectType: 'charity_payout',
      subjectId: payout.id,
      before: auditView(payout),
      after: auditView(completed),
      createdAt: now,
    });
    const [named] = await withNames([completed], charities);
    return named as CharityPayoutWithName;
  });
}
