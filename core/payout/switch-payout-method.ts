import type { User } from '../model/user';
import { DomainError } from '../errors';
import type { Clock } from '../ports/clock';
import type { PaymentGateway } from '../ports/payment-gateway';
import type { RegistryRepository } from '../ports/registry-repository';
import type { UnitOfWork } from '../ports/repositories';
import { requireOwner } from '../access/registry-access';
import { registryNotFound } from '../access/registry-not-found';
import type { Registry } from '../model/registry';
import { refuseUnknownFields, validate } from '../validate';
import type { AuditActor } from '../model/audit-event';
import { awaitingBankTransfer, bankClaimHeldUntil, payoutTransferGroup, transferRetryAvailableAt } from './bank-transfer';
import { familyPayoutView } from './family-payout-audit';
import { manualPayoutWaitingNotice } from './payout-emails';
import { PAYOUT_INFO_FIELDS, payoutInfoSchema } from './payout-schemas';
import { payoutDetailsOf } from './payout-details';
import { askProvider } from './provider-call';
import { familyPayoutReleasedEntry } from '../ledger/posting-rules';
import { pageUrl, paths } from '../page-paths';

export interface SwitchPorts {
  registries: RegistryRepository;
  unitOfWork: UnitOfWork;
  gateway: PaymentGateway;
  clock: Clock;
  appUrl: string;
  supportEmail: string;
}

export const NOT_SWITCHABLE = 'Only a bank payout that did not go through can be switched to PayPal or a check.';
export const TRANSFER_FOUND = 'The bank transfer went through after all, so the payout cannot be switched. Reload the page to see it.';
const ONLY_MANUAL = 'Choose PayPal or a check: the bank transfer is what did not go through.';

/**
 * A bank payout that has not gone through may be switched once the owner could try it again (a
 * refusal at once, a try with no answer after a wait, a try cut off before it was even recorded
 * too), and never while a try's claim is fresh: that try's money may be on its way.
 */
function refuseUnlessSwitchable(registry: Registry, now: Date): void {
  const retryAt = transferRetryAvailableAt(registry);
  if (!awaitingBankTransfer(registry) || retryAt === null) throw new DomainError('payout.not_switchable', NOT_SWITCHABLE);
  const heldUntil = bankClaimHeldUntil(registry, now);
  const until = heldUntil && heldUntil > retryAt ? heldUntil : retryAt;
  if (until.getTime() > now.getTime()) throw new DomainError('payout.not_switchable', transferUnderWay(until.getTime() - now.getTime()));
}

function transferUnderWay(waitMs: number): string {
  const minutes = Math.ceil(waitMs / 60_000);
  return `A bank transfer of this payout may be under way. If it does not go through, the payout can be switched in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Where the family's money goes, as the audit trail keeps it before and after a switch. */
function auditView(registry: Registry) {
  return {
    ...familyPayoutView(registry),
    paypalEmail: registry.paypalEmail,
    mailingName: registry.mailingName,
    mailingAddress: registry.mailingAddress,
    mailingCity: registry.mailingCity,
    mailingState: registry.mailingState,
    mailingZip: registry.mailingZip,
    mailingCountry: registry.mailingCountry,
    transferAttempts: registry.transferAttempts,
    transferFailureReason: registry.transferFailureReason,
  };
}

/**
 * A closed registry's bank payout that did not go through is sent by PayPal or a mailed check
 * instead: it then waits on the administrators' Manual Payouts list like any PayPal or check
 * payout, and every administrator is told, as at closing.
 *
 * The provider is asked first whether a transfer was made for the registry after all (an answer
 * lost on the way): then nothing is switched, and the family is never paid twice. The switch
 * itself is made with the registry locked, re-checking its state, and goes to the audit trail
 * with where the money goes before and after, and who switched it.
 */
async function switchPayout(registryId: string, input: unknown, actor: AuditActor, ports: SwitchPorts): Promise<Registry> {
  refuseUnknownFields(input, PAYOUT_INFO_FIELDS);
  const valid = await validate(payoutInfoSchema, input);
  if (valid.payoutMethod === 'bank') throw new DomainError('validation.failed', ONLY_MANUAL, { payoutMethod: ONLY_MANUAL });
  const found = await ports.registries.findById(registryId);
  if (!found) throw registryNotFound();
  refuseUnlessSwitchable(found, ports.clock.now());
  // Asked by the payout's own transfer group: a try cut off or unanswered may have paid the family.
  const sent = await askProvider(
    () => ports.gateway.findTransfer(payoutTransferGroup(found.id)),
    'The payment provider could not be reached. Please try again.',
  );
  if (sent) throw new DomainError('payout.not_switchable', TRANSFER_FOUND);

  return ports.unitOfWork.transaction(async ({ registries, users, audit, mail, ledger }) => {
    const registry = await registries.findByIdForUpdate(registryId);
    if (!registry) throw registryNotFound();
    const now = ports.clock.now();
    // Again under the lock: a try may have claimed the payout since the provider was asked.
    refuseUnlessSwitchable(registry, now);
    // A try whose answer never came (or was cut off) still holds the payout after the wait: the provider has no transfer for it, so the claim is released.
    if (registry.payoutStatus === 'sending') {
      const entry = familyPayoutReleasedEntry(registry.id, registry.currency, registry.payoutAmount ?? 0, registry.payoutClaims);
      if (entry) await ledger.post(entry);
    }
    const switched = await registries.update(registry.id, {
      ...payoutDetailsOf(valid),
      payoutStatus: 'pending',
      payoutClaimedBy: null,
      payoutClaimedByUserId: null,
      payoutClaimedAt: null,
    });
    await audit.append({
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: 'payout.method_switched',
      subjectType: 'registry',
      subjectId: registry.id,
      before: auditView(registry),
      after: auditView(switched),
      createdAt: now,
    });
    const owner = await users.findById(switched.userId);
    if (owner) {
      for (const admin of await users.listAdmins()) {
        await mail.enqueue({
          ...manualPayoutWaitingNotice(switched, owner, admin, pageUrl(ports.appUrl, paths.adminManualPayouts), ports.supportEmail),
          dedupeKey: `manual-payout-waiting-${switched.id}-${admin.id}`,
        });
      }
    }
    return switched;
  });
}

/** The owner switches their refused bank payout (co-owners do not see or set where the payout goes). */
export async function switchPayoutMethod(actor: User | null, registryId: string, input: unknown, ports: SwitchPorts): Promise<Registry> {
  const found = await ports.registries.findById(registryId);
  if (!found) throw registryNotFound();
  const owner = requireOwner(found, actor);
  return switchPayout(registryId, input, { userId: owner.id, label: `owner:${owner.username}` }, ports);
}

/** An administrator switches it on the family's word (by phone or e-mail), with the PayPal address or postal address they gave. */
export async function switchPayoutMethodForFamily(
  registryId: string,
  input: unknown,
  actor: AuditActor,
  ports: SwitchPorts,
): Promise<Registry> {
  return switchPayout(registryId, input, actor, ports);
}
