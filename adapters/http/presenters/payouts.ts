import { toWireAmount } from '@api/amount';
import type { ClosingAmountsView, PayoutDetailsView } from '@api/payout-details';
import type { CharityBreakdown, CloseAnswer, ConnectAccountStatus, PayoutStatusView } from '@api/payouts';
import type { Cents } from '@core/money';
import type { ClosingAmounts } from '@core/model/closing-amounts';
import type { HeldAtClosing } from '@core/model/held-at-closing';
import type { AccountStatusView } from '@core/payout/connected-account';
import type { CharityBreakdownLine, FamilyFollowUp } from '@core/payout/payout-status';
import type { TransferOutcome } from '@core/payout/transfer-outcome';
import type { Registry } from '@core/model/registry';
import type { OwnerRegistryView } from '@api/registries';

const amountOrNull = (cents: Cents | null) => (cents === null ? null : toWireAmount(cents));

/** How far the family's payout has got: for the owner, co-owners and administrators. */
export function presentPayoutProgress(registry: Registry) {
  return {
    payoutMethod: registry.payoutMethod,
    closedAt: registry.closedAt?.toISOString() ?? null,
    payoutAmount: amountOrNull(registry.payoutAmount),
    charityPayoutAmount: amountOrNull(registry.charityPayoutAmount),
    payoutStatus: registry.payoutStatus,
    payoutSentAt: registry.payoutSentAt?.toISOString() ?? null,
  };
}

/** How and what the family is paid, where to included; for the owner and for administrators only. */
export function presentPayoutDetails(registry: Registry) {
  return {
    ...presentPayoutProgress(registry),
    paypalEmail: registry.paypalEmail,
    mailingName: registry.mailingName,
    mailingAddress: registry.mailingAddress,
    mailingCity: registry.mailingCity,
    mailingState: registry.mailingState,
    mailingZip: registry.mailingZip,
    mailingCountry: registry.mailingCountry,
  } satisfies PayoutDetailsView;
}

/** The close screen's figures, summed by the server; an owner's view always carries them. */
export function presentClosingAmounts(closing: ClosingAmounts | null, held: HeldAtClosing | null) {
  return {
    payoutAmount: toWireAmount(closing?.payoutAmount ?? 0),
    charityPayoutAmount: toWireAmount(closing?.charityPayoutAmount ?? 0),
    held: {
      giftCount: held?.giftCount ?? 0,
      amount: toWireAmount(held?.amount ?? 0),
      payoutAmount: toWireAmount(held?.payoutAmount ?? 0),
      charityPayoutAmount: toWireAmount(held?.charityPayoutAmount ?? 0),
    },
  } satisfies ClosingAmountsView;
}

function closingMessage(transferResult: TransferOutcome | null): string {
  if (transferResult === null) return 'Registry closed';
  return transferResult.success ? 'Registry closed and payout sent to your bank account' : 'Registry closed with payout pending';
}

/** What closing did: the words for it, the registry now, and a bank transfer's outcome when one was tried. */
export function presentClosing(transferResult: TransferOutcome | null, registry: OwnerRegistryView) {
  return {
    message: closingMessage(transferResult),
    registry,
    ...(transferResult ? { transferResult } : {}),
  } satisfies CloseAnswer;
}

export function presentPayoutStatus(status: {
  registry: Registry;
  transferResult: TransferOutcome | null;
  retryAvailableAt: Date | null;
  followUps: FamilyFollowUp[];
}) {
  const details = presentPayoutDetails(status.registry);
  return {
    payoutMethod: details.payoutMethod,
    payoutAmount: details.payoutAmount,
    charityPayoutAmount: details.charityPayoutAmount,
    payoutStatus: details.payoutStatus,
    closedAt: details.closedAt,
    payoutSentAt: details.payoutSentAt,
    transferResult: status.transferResult,
    retryAvailableAt: status.retryAvailableAt?.toISOString() ?? null,
    followUps: status.followUps.map((followUp) => ({
      method: followUp.method,
      amount: toWireAmount(followUp.amount),
      status: followUp.status,
      sentAt: followUp.sentAt?.toISOString() ?? null,
    })),
  } satisfies PayoutStatusView;
}

export function presentCharityBreakdown(lines: CharityBreakdownLine[]) {
  return { charities: lines.map((line) => ({ ...line, totalAmount: toWireAmount(line.totalAmount) })) } satisfies CharityBreakdown;
}

export function presentAccountStatus(status: AccountStatusView) {
  return status satisfies ConnectAccountStatus;
}
