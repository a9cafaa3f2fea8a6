import { toWireAmount } from '@api/amount';
import type {
  AdminGiftLookup as AdminGiftLookupView,
  CharityPayoutView,
  FailedPayout as FailedPayoutView,
  FailedPayoutRetry,
  ManualPayout as ManualPayoutView,
  ManualPayouts,
  PendingDistribution as PendingDistributionView,
} from '@api/admin';
import type { FailedBankPayout } from '@core/payout/failed-bank-payouts';
import { isManualPayoutMethod } from '@core/model/registry';
import type { TransferOutcome } from '@core/payout/transfer-outcome';
import type { CharityPayoutWithName, PendingDistribution } from '@core/payout/charity-payouts';
import type { ManualPayout } from '@core/payout/manual-payouts';
import type { AdminGiftLookup } from '@core/gift/admin-gift-lookup';
import type { AuditActor } from '@core/model/audit-event';
import { claimantName, holdsClaim } from '@core/model/payout-claim';
import { presentRefundState } from './gifts';
import { presentPayoutDetails } from './payouts';

/** Who is sending a payout, as the asking administrator sees it; null while it waits. */
export function presentClaim(claimedBy: string | null, claimedAt: Date | null, viewer: AuditActor) {
  if (claimedBy === null || claimedAt === null) return null;
  return { by: claimantName(claimedBy), at: claimedAt.toISOString(), byYou: holdsClaim(claimedBy, viewer) };
}

export function presentPendingDistribution(line: PendingDistribution, viewer: AuditActor) {
  const { claimedBy, claimedAt, ...rest } = line;
  return {
    ...rest,
    totalAmount: toWireAmount(line.totalAmount),
    status: claimedBy === null ? ('pending' as const) : ('sending' as const),
    claim: presentClaim(claimedBy, claimedAt, viewer),
  } satisfies PendingDistributionView;
}

export function presentCharityPayout(payout: CharityPayoutWithName, viewer: AuditActor) {
  return {
    id: payout.id,
    charityId: payout.charityId,
    charityName: payout.charityName,
    amount: toWireAmount(payout.amount),
    currency: payout.currency,
    registryIds: payout.registryIds,
    giftCount: payout.giftCount,
    paymentMethod: payout.paymentMethod,
    referenceNumber: payout.referenceNumber,
    notes: payout.notes,
    status: payout.status,
    // Kept once paid: it says who sent it.
    claim: presentClaim(payout.claimedBy, payout.claimedAt, viewer),
    completedAt: payout.completedAt?.toISOString() ?? null,
    createdAt: payout.createdAt.toISOString(),
    updatedAt: payout.updatedAt.toISOString(),
  } satisfies CharityPayoutView;
}

export function presentManualPayout({ registry, ownerEmail }: ManualPayout, viewer: AuditActor) {
  return {
    id: registry.id,
    childName: registry.childName,
    shortCode: registry.shortCode,
    currency: registry.currency,
    totalReceived: toWireAmount(registry.totalReceived),
    ...presentPayoutDetails(registry),
    // listManualPayouts answers only registries paid by PayPal or check.
    payoutMethod: isManualPayoutMethod(registry.payoutMethod) ? registry.payoutMethod : 'check',
    ownerEmail,
    claim: presentClaim(registry.payoutClaimedBy, registry.payoutClaimedAt, viewer),
    referenceNumber: registry.payoutReference,
  } satisfies ManualPayoutView;
}

export function presentManualPayouts(payouts: { pending: ManualPayout[]; completed: ManualPayout[] }, viewer: AuditActor) {
  return {
    pending: payouts.pending.map((payout) => presentManualPayout(payout, viewer)),
    completed: payouts.completed.map((payout) => presentManualPayout(payout, viewer)),
  } satisfies ManualPayouts;
}

export function presentFailedPayout({ registry, owner, retryAvailableAt }: FailedBankPayout) {
  return {
    id: registry.id,
    childName: registry.childName,
    shortCode: registry.shortCode,
    currency: registry.currency,
    closedAt: registry.closedAt?.toISOString() ?? null,
    payoutAmount: toWireAmount(registry.payoutAmount ?? 0),
    transferAttempts: registry.transferAttempts,
    transferFailureReason: registry.transferFailureReason,
    transferFailureMessage: registry.transferFailureMessage,
    retryAvailableAt: retryAvailableAt?.toISOString() ?? null,
    owner,
  } satisfies FailedPayoutView;
}

export function presentFailedPayoutRetry(transferResult: TransferOutcome) {
  return { transferResult } satisfies FailedPayoutRetry;
}

/** GET /api/admin/gifts: the registry found and its paid and refunded gifts, for a refund. */
export function presentAdminGiftLookup({ registry, entries }: AdminGiftLookup) {
  return {
    registry: {
      id: registry.id,
      shortCode: registry.shortCode,
      childName: registry.childName,
      celebrationType: registry.celebrationType,
      currency: registry.currency,
      status: registry.status,
      totalReceived: toWireAmount(registry.totalReceived),
    },
    gifts: entries.map(({ gift, refundable, refusal, refundableAtPlatformCost }) => ({
      id: gift.id,
      giftGiverName: gift.giftGiverName,
      giftGiverEmail: gift.giftGiverEmail,
      currency: gift.currency,
      amount: toWireAmount(gift.amount),
      createdAt: gift.createdAt.toISOString(),
      ...presentRefundState(gift, refundable),
      refundRefusal: refusal,
      refundableAtPlatformCost,
    })),
  } satisfies AdminGiftLookupView;
}
