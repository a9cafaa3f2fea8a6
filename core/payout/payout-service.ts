import type { User } from '../model/user';
import type { Clock } from '../ports/clock';
import type { PaymentGateway } from '../ports/payment-gateway';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import { closeRegistry } from './close-registry';
import { accountUpdateLink, connectedAccountStatus, createConnectedAccount, onboardingLink } from './connected-account';
import { charityBreakdown, payoutStatus } from './payout-status';
import { savePayoutInfo } from './save-payout-info';
import { switchPayoutMethod } from './switch-payout-method';

export interface PayoutDependencies {
  repositories: Repositories & UnitOfWork;
  gateway: PaymentGateway;
  clock: Clock;
  /** The site's own address, for the links in the payout e-mails and back from the provider's pages. */
  appUrl: string;
  /** Where replies to the payout e-mails go. */
  supportEmail: string;
}

/**
 * The family's side of the payout, built once (ADR 26): the payout details, closing, switching a
 * refused bank payout, reading where the money is, and the owner's payment account. Each call
 * takes the acting user; the administrators' payouts are not here.
 */
export function createPayoutService(dependencies: PayoutDependencies) {
  const { repositories, gateway, clock, appUrl, supportEmail } = dependencies;
  const { registries } = repositories;
  const paying = { registries, unitOfWork: repositories, gateway, clock, appUrl, supportEmail };
  const connect = { users: repositories.users, gateway, clock };
  return {
    savePayoutInfo: (actor: User | null, registryId: string, input: unknown) =>
      savePayoutInfo(actor, registryId, input, { registries, unitOfWork: repositories }),
    close: (actor: User | null, registryId: string) => closeRegistry(actor, registryId, paying),
    switchMethod: (actor: User | null, registryId: string, input: unknown) => switchPayoutMethod(actor, registryId, input, paying),
    status: (actor: User | null, registryId: string) => payoutStatus(actor, registryId, { registries, disputes: repositories.disputes }),
    charityBreakdown: (actor: User | null, registryId: string) => charityBreakdown(actor, registryId, repositories),
    accountStatus: (actor: User | null) => connectedAccountStatus(actor, connect),
    createAccount: (actor: User | null, input: unknown) => createConnectedAccount(actor, input, connect),
    accountUpdateLink: (actor: User | null, input: unknown) =>
      accountUpdateLink(actor, input, { ...connect, registries, unitOfWork: repositories, appUrl }),
    onboardingLink: (actor: User | null, input: unknown) => onboardingLink(actor, input, { ...connect, registries, appUrl }),
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
