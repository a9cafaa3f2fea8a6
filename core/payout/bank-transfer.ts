import type { Clock } from '../ports/clock';
import type { PaymentGateway, TransferResult } from '../ports/payment-gateway';
import type { UnitOfWork } from '../ports/repositories';
import type { Registry } from '../registry/registry';
import { payoutSentNotice } from './payout-emails';

/** What the owner is told about a bank transfer: it went, or why it has not (yet). */
export type TransferOutcome = { success: true } | { success: false; reason: string; message: string };

export const PROVIDER_UNREACHABLE: Extract<TransferResult, { success: false }> = {
  success: false,
  reason: 'provider_unavailable',
  message: 'The payment provider did not answer. The transfer has not been confirmed; try again shortly.',
};

/**
 * One key per try. A provider keeps a key's first answer (a refusal too) for about a day, so a
 * retry after a refusal needs a new key to be tried at all; what keeps the family from being paid
 * twice is the look for an existing transfer before every try.
 */
export function payoutIdempotencyKey(registryId: string, attempt: number): string {
  return `registry-payout-${registryId}-${attempt + 1}`;
}

/** The group that ties a registry's charges to its payout at the provider. */
export function payoutTransferGroup(registryId: string): string {
  return `registry_${registryId}`;
}

/**
 * Sends a closed registry's family payout to the owner's connected account and records the
 * answer. A success always lands; a failure is recorded only while the payout is still pending,
 * so a late failure from a racing retry never hides a transfer that went through.
 */
export async function sendBankTransfer(
  registry: Registry,
  destinationAccountId: string,
  ports: { unitOfWork: UnitOfWork; gateway: PaymentGateway; clock: Clock },
): Promise<{ registry: Registry; transferResult: TransferOutcome }> {
  let result: TransferResult;
  const transferGroup = payoutTransferGroup(registry.id);
  try {
    const earlier = await ports.gateway.findTransfer(transferGroup);
    result = earlier
      ? { success: true, transferId: earlier }
      : await ports.gateway.transfer({
          destinationAccountId,
          amount: registry.payoutAmount ?? 0,
          currency: registry.currency,
          transferGroup,
          idempotencyKey: payoutIdempotencyKey(registry.id, registry.transferAttempts),
        });
  } catch {
    // The outcome is unknown; the same key makes the next try safe.
    result = PROVIDER_UNREACHABLE;
  }
  return ports.unitOfWork.transaction(async ({ registries, users, mail }) => {
    const current = await registries.findByIdForUpdate(registry.id);
    if (!current) throw new Error(`registry ${registry.id} vanished while its payout was sent`);
    if (result.success) {
      if (current.payoutStatus === 'completed') return { registry: current, transferResult: { success: true } };
      const paid = await registries.update(current.id, {
        status: 'payout_sent',
        payoutStatus: 'completed',
        stripePayoutId: result.transferId,
        payoutSentAt: ports.clock.now(),
        transferFailureReason: null,
        transferFailureMessage: null,
      });
      const owner = await users.findById(paid.userId);
      if (owner) await mail.enqueue({ ...payoutSentNotice(paid, owner), dedupeKey: `payout-sent-${paid.id}` });
      return { registry: paid, transferResult: { success: true } };
    }
    if (current.payoutStatus === 'completed') return { registry: current, transferResult: { success: true } };
    const failed = await registries.update(current.id, {
      transferFailureReason: result.reason,
      transferFailureMessage: result.message,
      transferAttempts: current.transferAttempts + 1,
    });
    return { registry: failed, transferResult: { success: false, reason: result.reason, message: result.message } };
  });
}
