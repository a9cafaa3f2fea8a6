import type { User } from '../model/user';
import { DomainError } from '../errors';
import { isUuid } from '../ids';
import type { Clock } from '../ports/clock';
import type { ConnectedAccountStatus, PaymentGateway } from '../ports/payment-gateway';
import type { RegistryRepository } from '../ports/registry-repository';
import type { UnitOfWork } from '../ports/repositories';
import type { UserRepository } from '../ports/user-repository';
import { requireOwner, requireSignedIn } from '../access/registry-access';
import { refuseUnknownFields } from '../validate';
import { awaitingBankTransfer } from './bank-transfer';
import { isVerified } from './payout-readiness';
import { askProvider } from './provider-call';
import { registryNotFound } from '../access/registry-not-found';
import { pageUrl, paths } from '../page-paths';

const UNREACHABLE = 'The payment provider could not be reached. Please try again.';

/** The account-status answer; accountId null means the user has no payment account yet. */
export type AccountStatusView =
  | ConnectedAccountStatus
  | { accountId: null; payoutsEnabled: false; requirementsDue: string[]; country: null };

const NO_ACCOUNT: AccountStatusView = { accountId: null, payoutsEnabled: false, requirementsDue: [], country: null };

interface ConnectPorts {
  users: UserRepository;
  gateway: PaymentGateway;
  clock: Clock;
}

/**
 * The provider's word on the user's payment account. What we keep on the user (pending or
 * verified, and when first verified) only mirrors it; closing always asks the provider again.
 */
export async function connectedAccountStatus(actor: User | null, ports: ConnectPorts): Promise<AccountStatusView> {
  const user = requireSignedIn(actor);
  if (!user.payoutAccountId) return NO_ACCOUNT;
  const accountId = user.payoutAccountId;
  const status = await askProvider(() => ports.gateway.connectedAccountStatus(accountId), UNREACHABLE);
  const seen = isVerified(status) ? 'verified' : 'pending';
  if (user.payoutAccountStatus !== seen) {
    await ports.users.setPayoutAccountStatus(
      user.id,
      seen,
      user.payoutAccountOnboardedAt ?? (seen === 'verified' ? ports.clock.now() : null),
    );
  }
  return status;
}

/** One payment account per user: the first call opens it, every later call answers that one. */
export async function createConnectedAccount(actor: User | null, input: unknown, ports: ConnectPorts): Promise<AccountStatusView> {
  const user = requireSignedIn(actor);
  refuseUnknownFields(input, ['country']);
  const { country } = input as { country?: unknown };
  if (country !== 'US' && country !== 'CA') {
    throw new DomainError('validation.failed', 'Country must be US or CA', { country: 'Country must be US or CA' });
  }
  if (user.payoutAccountId) return connectedAccountStatus(user, ports);
  // Two clicks at once send the same key, so the provider opens one account and answers it twice.
  const accountId = await askProvider(
    () => ports.gateway.createConnectedAccount({ country, email: user.email, idempotencyKey: `connect-account-${user.id}` }),
    'Failed to create payment account. Please try again.',
  );
  const stored = await ports.users.attachPayoutAccount(user.id, accountId);
  return connectedAccountStatus(stored, ports);
}

/**
 * A fresh onboarding link each time (the provider's links work once). Coming back from it says
 * nothing about verification; the registry page asks for the account's status again.
 */
export async function onboardingLink(
  actor: User | null,
  input: unknown,
  ports: ConnectPorts & { registries: RegistryRepository; appUrl: string },
): Promise<{ url: string }> {
  const user = requireSignedIn(actor);
  refuseUnknownFields(input, ['registryId']);
  const { registryId } = input as { registryId?: unknown };
  // The signed-in home page is the dashboard.
  let backTo = pageUrl(ports.appUrl, paths.home);
  if (registryId !== undefined && registryId !== null) {
    if (typeof registryId !== 'string' || !isUuid(registryId)) {
      throw new DomainError('validation.failed', 'registryId must be a registry id', { registryId: 'Must be a registry id' });
    }
    const registry = await ports.registries.findById(registryId);
    if (!registry) throw registryNotFound();
    requireOwner(registry, user);
    backTo = pageUrl(ports.appUrl, paths.registry(registry.id));
  }
  if (!user.payoutAccountId) throw new DomainError('connect.no_account', 'Create your payment account first');
  const accountId = user.payoutAccountId;
  const url = await askProvider(
    () => ports.gateway.createOnboardingLink({ accountId, returnUrl: `${backTo}?connect=return`, refreshUrl: `${backTo}?connect=refresh` }),
    UNREACHABLE,
  );
  return { url };
}

/**
 * The way out of a refused bank payout (owner only, for a closed registry whose bank payout is still
 * pending): a fresh link to the provider's pages where the family changes the bank account, or
 * finishes what the provider asks of it when the account is no longer verified. Asking for it clears
 * the registry's last "payout issue" e-mail time: the account may be changed now, so the next
 * refusal is news (bank-transfer.ts, payoutIssueIsNews).
 */
export async function accountUpdateLink(
  actor: User | null,
  input: unknown,
  ports: ConnectPorts & { registries: RegistryRepository; unitOfWork: UnitOfWork; appUrl: string },
): Promise<{ url: string }> {
  const user = requireSignedIn(actor);
  refuseUnknownFields(input, ['registryId']);
  const { registryId } = input as { registryId?: unknown };
  if (typeof registryId !== 'string' || !isUuid(registryId)) {
    throw new DomainError('validation.failed', 'registryId must be a registry id', { registryId: 'Must be a registry id' });
  }
  const registry = await ports.registries.findById(registryId);
  if (!registry) throw registryNotFound();
  requireOwner(registry, user);
  if (!awaitingBankTransfer(registry))
    throw new DomainError('payout.not_switchable', 'Only a bank payout that has not gone through needs its bank account changed.');
  if (!user.payoutAccountId) throw new DomainError('connect.no_account', 'Create your payment account first');
  const accountId = user.payoutAccountId;
  const backTo = pageUrl(ports.appUrl, paths.registry(registry.id));
  const urls = { accountId, returnUrl: `${backTo}?connect=return`, refreshUrl: `${backTo}?connect=refresh` };
  const status = await askProvider(() => ports.gateway.connectedAccountStatus(accountId), UNREACHABLE);
  const url = await askProvider(
    () => (isVerified(status) ? ports.gateway.createAccountUpdateLink(urls) : ports.gateway.createOnboardingLink(urls)),
    UNREACHABLE,
  );
  await ports.unitOfWork.transaction(async ({ registries }) => {
    const locked = await registries.findByIdForUpdate(registry.id);
    if (locked && awaitingBankTransfer(locked)) await registries.update(locked.id, { payoutIssueEmailedAt: null });
  });
  return { url };
}
