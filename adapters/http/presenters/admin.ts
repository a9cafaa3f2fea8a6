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
import { isManualPayoutMethod } from '@core/registry/registry';
import type { TransferOutcome } from '@core/payout/transfer-outcome';
import type { CharityPayoutWithName, PendingDistribution } from '@core/payout/charity-payouts';
import type { ManualPayout } from '@core/payout/manual-payouts';
import type { AdminGiftLookup } from '@core/gift/admin-gift-lookup';
import { presentRefundState } from './gifts';
import { presentPayoutDetails } from './payouts';

export function presentPendingDistribution(line: PendingDistribution) {
  return { ...line, totalAmount: toWireAmount(line.totalAmount) } satisfies PendingDistributionView;
}

export function presentCharityPayout(payout: CharityPayoutWithName) {
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
    completedAt: payout.completedAt?.toISOString() ?? null,
    createdAt: payout.createdAt.toISOString(),
    updatedAt: payout.updatedAt.toISOString(),
  } satisfies CharityPayoutView;
}

export function presentManualPayout({ registry, ownerEmail }: ManualPayout) {
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
  } satisfies ManualPayoutView;
}

export function presentManualPayouts(payouts: { pending: ManualPayout[]; completed: ManualPayout[] }) {
  return { pending: payouts.pending.map(presentManualPayout), completed: payouts.completed.map(presentManualPayout) } satisfies ManualPayouts;
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
    gifts: entries.map(({ gift, refundable }) => ({
      id: gift.id,
      giftGiverName: gift.giftGiverName,
      giftGiverEmail: gift.giftGiverEmail,
      amount: toWireAmount(gift.amount),
      createdAt: gift.createdAt.toISOString(),
      ...presentRefundState(gift, refundable),
    })),
  } satisfies AdminGiftLookupView;
}
