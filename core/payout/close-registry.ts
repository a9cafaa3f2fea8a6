import type { User } from '../account/user';
import { DomainError } from '../errors';
import type { Clock } from '../ports/clock';
import type { ConnectedAccountStatus, PaymentGateway } from '../ports/payment-gateway';
import type { RegistryRepository, UnitOfWork } from '../ports/repositories';
import { requireOwner } from '../registry/registry-access';
import type { Registry } from '../registry/registry';
import { sendBankTransfer, type TransferOutcome } from './bank-transfer';
import { closingAmounts } from './closing-amounts';
import { CLOSE_HINTS, payoutNotReadyReason } from './payout-readiness';
import { askProvider } from './provider-call';
import { registryClosedNotice } from './payout-emails';

export interface ClosePorts {
  user: User | null;
  registries: RegistryRepository;
  unitOfWork: UnitOfWork;
  gateway: PaymentGateway;
  clock: Clock;
}

export interface CloseResult {
  registry: Registry;
  /** Present for a bank payout that was sent or tried; absent for PayPal, check and nothing to pay. */
  transferResult: TransferOutcome | null;
}

/** A bank payout that has not gone through yet: closing again tries the transfer again. */
function awaitingBankTransfer(registry: Registry): boolean {
  return registry.status === 'closed' && registry.payoutMethod === 'bank' && registry.payoutStatus === 'pending';
}

/**
 * Closes a registry, once and for good (spec section 4). With the registry locked: the payout
 * method must be ready, the amounts come from the succeeded gifts (adding up to totalReceived to
 * the cent), and each charity's share joins its pending payout, all in one transaction. A gift
 * confirmed after this is refunded by the giving rules. With the bank method the family's payout
 * then goes to the owner's account, idempotently per registry.
 */
export async function closeRegistry(id: string, ports: ClosePorts): Promise<CloseResult> {
  const found = await ports.registries.findById(id);
  if (!found) throw new DomainError('registry.not_found', 'Registry not found');
  const owner = requireOwner(found, ports.user);
  const accountId = owner.stripeConnectAccountId;
  if (found.status !== 'open') return retryOrRefuse(found, accountId, ports);

  // Bank readiness is the provider's word, asked before the registry is locked.
  let account: ConnectedAccountStatus | null = null;
  if (found.payoutMethod === 'bank') {
    if (!accountId) throw new DomainError('payout.not_ready', CLOSE_HINTS.bank);
    account = await askProvider(() => ports.gateway.connectedAccountStatus(accountId), 'The payment provider could not be reached. Please try again.');
  }

  const closing = await ports.unitOfWork.transaction(async ({ registries, gifts, charityPayouts, mail }) => {
    const registry = await registries.findByIdForUpdate(id);
    if (!registry) throw new DomainError('registry.not_found', 'Registry not found');
    if (registry.status !== 'open') return { closedNow: false as const, registry };
    const notReady = payoutNotReadyReason(registry, account);
    if (notReady) throw new DomainError('payout.not_ready', notReady);

    const amounts = closingAmounts(await gifts.listByRegistry(registry.id));
    if (amounts.payoutAmount + amounts.charityPayoutAmount !== registry.totalReceived) {
      // The ledger disagrees with itself: close nothing and pay nobody until a person looks.
      throw new Error(`registry ${registry.id}: succeeded gifts sum to ${amounts.payoutAmount + amounts.charityPayoutAmount}, totalReceived is ${registry.totalReceived}`);
    }
    const now = ports.clock.now();
    const nothingToPay = amounts.payoutAmount === 0;
    const closed = await registries.update(registry.id, {
      status: nothingToPay ? 'payout_sent' : 'closed',
      closedAt: now,
      payoutAmount: amounts.payoutAmount,
      charityPayoutAmount: amounts.charityPayoutAmount,
      payoutStatus: nothingToPay ? 'completed' : 'pending',
      payoutSentAt: nothingToPay ? now : null,
    });
    for (const share of amounts.shares) {
      await charityPayouts.addToPending({ ...share, currency: registry.currency, registryId: registry.id });
    }
    await mail.enqueue({ ...registryClosedNotice(closed, owner), dedupeKey: `registry-closed-${registry.id}` });
    return { closedNow: true as const, registry: closed };
  });

  if (!closing.closedNow) return retryOrRefuse(closing.registry, accountId, ports);
  if (!awaitingBankTransfer(closing.registry) || !accountId) return { registry: closing.registry, transferResult: null };
  return sendBankTransfer(closing.registry, accountId, ports);
}

async function retryOrRefuse(registry: Registry, accountId: string | null, ports: ClosePorts): Promise<CloseResult> {
  if (awaitingBankTransfer(registry) && accountId) return sendBankTransfer(registry, accountId, ports);
  throw new DomainError('registry.closed', 'This registry is already closed');
}
