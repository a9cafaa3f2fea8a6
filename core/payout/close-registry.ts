import type { User } from '../model/user';
import { DomainError } from '../errors';
import { REFUND_UNDER_WAY_AT_CLOSING } from '../gift/refund-refusals';
import type { Clock } from '../ports/clock';
import type { ConnectedAccountStatus, PaymentGateway } from '../ports/payment-gateway';
import type { RegistryRepository } from '../ports/registry-repository';
import type { UnitOfWork } from '../ports/repositories';
import { requireOwner } from '../access/registry-access';
import { isManualPayoutMethod, type Registry } from '../model/registry';
import { awaitingBankTransfer, sendBankTransfer, transferRetryAvailableAt } from './bank-transfer';
import { closingAmounts } from '../model/closing-amounts';
import { CLOSE_HINTS, payoutNotReadyReason } from './payout-readiness';
import { askProvider } from './provider-call';
import { manualPayoutWaitingNotice, registryClosedNotice } from './payout-emails';
import { registryNotFound } from '../access/registry-not-found';
import type { TransferOutcome } from './transfer-outcome';
import type { AuditActor } from '../model/audit-event';
import { registryClosedEntry } from '../ledger/posting-rules';
import { pageUrl, paths } from '../page-paths';

export interface ClosePorts {
  registries: RegistryRepository;
  unitOfWork: UnitOfWork;
  gateway: PaymentGateway;
  clock: Clock;
  /** The site's public address, for the links in the payout e-mails. */
  appUrl: string;
  /** Where replies to the payout e-mails go (SUPPORT_EMAIL). */
  supportEmail: string;
}

export interface CloseResult {
  registry: Registry;
  /** Present for a bank payout that was sent or tried; absent for PayPal, check and nothing to pay. */
  transferResult: TransferOutcome | null;
}

/**
 * Closes a registry, once and for good (docs/product.md#states-and-transitions). With the registry locked: the payout
 * method must be ready, the amounts come from the succeeded gifts (adding up to totalReceived to
 * the cent; a gift whose dispute is undecided is held back, see heldAtClosing), and each charity's share joins its pending payout, all in one transaction. A gift
 * confirmed after this is refunded by the giving rules. With the bank method the family's payout
 * then goes to the owner's account, idempotently per registry.
 *
 * E-mails: the owner's "registry closed" goes with the closing, except for a bank payout, whose
 * e-mail waits for the transfer's answer so it can tell the truth (see sendBankTransfer). A PayPal
 * or check payout to send sets off a notice to every administrator, in the same transaction.
 */
export async function closeRegistry(actor: User | null, id: string, ports: ClosePorts): Promise<CloseResult> {
  const found = await ports.registries.findById(id);
  if (!found) throw registryNotFound();
  const owner = requireOwner(found, actor);
  const accountId = owner.payoutAccountId;
  if (found.status !== 'open') return retryOrRefuse(actor, found, accountId, ports);

  // Bank readiness is the provider's word, asked before the registry is locked.
  let account: ConnectedAccountStatus | null = null;
  if (found.payoutMethod === 'bank') {
    if (!accountId) throw new DomainError('payout.not_ready', CLOSE_HINTS.bank);
    account = await askProvider(
      () => ports.gateway.connectedAccountStatus(accountId),
      'The payment provider could not be reached. Please try again.',
    );
  }

  const closing = await ports.unitOfWork.transaction(async ({ registries, gifts, charityPayouts, users, mail, ledger }) => {
    const registry = await registries.findByIdForUpdate(id);
    if (!registry) throw registryNotFound();
    if (registry.status !== 'open') return { closedNow: false as const, registry };
    const notReady = payoutNotReadyReason(registry, account);
    if (notReady) throw new DomainError('payout.not_ready', notReady);

    const registryGifts = await gifts.listByRegistry(registry.id);
    // A refund under way is neither counted nor given back yet: wait for its answer (seconds, or
    // the sweep's next round when a crash cut it off).
    if (registryGifts.some((gift) => gift.paymentStatus === 'refunding')) {
      throw new DomainError('registry.refund_under_way', REFUND_UNDER_WAY_AT_CLOSING);
    }
    // A gift whose dispute is undecided is held out of totalReceived already (recordDispute), so it
    // is in neither payout: it alone waits for the bank's word, paid in a follow-up payout if won.
    const amounts = closingAmounts(registryGifts);
    if (amounts.payoutAmount + amounts.charityPayoutAmount !== registry.totalReceived) {
      // The ledger disagrees with itself: close nothing and pay nobody until a person looks.
      throw new Error(
        `registry ${registry.id}: succeeded gifts sum to ${amounts.payoutAmount + amounts.charityPayoutAmount}, totalReceived is ${registry.totalReceived}`,
      );
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
    const entry = registryClosedEntry(registry.id, registry.currency, amounts);
    if (entry) await ledger.post(entry);
    if (!awaitingBankTransfer(closed)) {
      await mail.enqueue({
        ...registryClosedNotice(closed, owner, pageUrl(ports.appUrl, paths.registry(closed.id)), ports.supportEmail),
        dedupeKey: `registry-closed-${closed.id}`,
      });
    }
    if (closed.payoutStatus === 'pending' && isManualPayoutMethod(closed.payoutMethod)) {
      for (const admin of await users.listAdmins()) {
        await mail.enqueue({
          ...manualPayoutWaitingNotice(closed, owner, admin, pageUrl(ports.appUrl, paths.adminManualPayouts), ports.supportEmail),
          dedupeKey: `manual-payout-waiting-${closed.id}-${admin.id}`,
        });
      }
    }
    return { closedNow: true as const, registry: closed };
  });

  if (!closing.closedNow) return retryOrRefuse(actor, closing.registry, accountId, ports);
  if (!awaitingBankTransfer(closing.registry) || !accountId) return { registry: closing.registry, transferResult: null };
  return sendBankTransfer(closing.registry, accountId, ports, familyActor(owner));
}

/**
 * Closing a closed registry again tries its bank transfer again, once the rule allows it: at once
 * after a recorded failure, a while after closing when no answer was recorded (the first try may
 * still be running). Anything else was closed for good.
 */
async function retryOrRefuse(actor: User | null, registry: Registry, accountId: string | null, ports: ClosePorts): Promise<CloseResult> {
  if (!awaitingBankTransfer(registry) || !accountId) throw new DomainError('registry.closed', 'This registry is already closed');
  const retryAt = transferRetryAvailableAt(registry);
  const wait = retryAt ? retryAt.getTime() - ports.clock.now().getTime() : 0;
  if (wait > 0) throw new DomainError('payout.retry_not_yet', transferStillUnderWay(wait));
  return sendBankTransfer(registry, accountId, ports, familyActor(requireOwner(registry, actor)));
}

/** The owner, as a bank transfer's claim names them. */
function familyActor(owner: User): AuditActor {
  return { userId: owner.id, label: `owner:${owner.username}` };
}

function transferStillUnderWay(waitMs: number): string {
  const minutes = Math.ceil(waitMs / 60_000);
  return `Your bank transfer is still being processed. If it has not gone through, you can try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
