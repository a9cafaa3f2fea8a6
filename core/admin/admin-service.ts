import { adminActor, requireAdmin } from '../access/admin-access';
import { updateCharityDetails } from '../charity/charity-details';
import { DomainError } from '../errors';
import { lookUpGiftsForAdmin } from '../gift/admin-gift-lookup';
import { financeReport, monthJournal } from '../ledger/finance-report';
import type { User } from '../model/user';
import {
  charityPayoutHistory,
  claimCharityPayout,
  completeCharityPayout,
  pendingDistributions,
  releaseCharityPayout,
} from '../payout/charity-payouts';
import { listFailedBankPayouts, retryFailedBankPayout } from '../payout/failed-bank-payouts';
import { switchPayoutMethodForFamily } from '../payout/switch-payout-method';
import { claimManualPayout, completeManualPayout, listManualPayouts, releaseManualPayout } from '../payout/manual-payouts';
import type { Clock } from '../ports/clock';
import type { PaymentGateway } from '../ports/payment-gateway';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import { donorList } from '../payout/donor-list';
import { receiptDay } from '../receipt/receipt-day';

export interface AdminDependencies {
  repositories: Repositories & UnitOfWork;
  gateway: PaymentGateway;
  clock: Clock;
  /** The site's own address, for the links in the families' e-mails. */
  appUrl: string;
  supportEmail: string;
}

type FinanceQuery = { currency?: unknown; month?: unknown };

/**
 * The administrators' use cases, built once (ADR 26): the charities' payouts and their donor lists,
 * the charities' details, the payouts sent by hand or failed at the bank, the books and the gift
 * lookup. Each call takes the acting user, and to anyone but an administrator they do not exist.
 */
export function createAdminService(dependencies: AdminDependencies) {
  const { repositories, gateway, clock, appUrl, supportEmail } = dependencies;
  const claiming = { unitOfWork: repositories, clock };
  const paying = {
    registries: repositories.registries,
    users: repositories.users,
    unitOfWork: repositories,
    gateway,
    clock,
    appUrl,
    supportEmail,
  };
  const admin = (actor: User | null) => adminActor(requireAdmin(actor));
  /** Refuses anyone but an administrator, then does the work. */
  const forAdmin =
    <Args extends unknown[], T>(work: (...args: Args) => Promise<T>) =>
    async (actor: User | null, ...args: Args): Promise<T> => {
      requireAdmin(actor);
      return work(...args);
    };
  return {
    pendingCharityPayouts: forAdmin(() => pendingDistributions(repositories)),
    charityPayoutHistory: forAdmin(() => charityPayoutHistory(repositories)),
    claimCharityPayout: async (actor: User | null, payoutId: string) => claimCharityPayout(payoutId, admin(actor), claiming),
    releaseCharityPayout: async (actor: User | null, payoutId: string) => releaseCharityPayout(payoutId, admin(actor), claiming),
    completeCharityPayout: async (actor: User | null, payoutId: string, input: unknown) =>
      completeCharityPayout(payoutId, input, admin(actor), claiming),
    donorList: forAdmin((payoutId: string) => donorList(payoutId, repositories)),
    listCharities: forAdmin(() => repositories.charities.listAll()),
    findCharity: forAdmin(async (charityId: string) => {
      const charity = await repositories.charities.findById(charityId);
      if (!charity) throw new DomainError('charity.not_found', 'Charity not found');
      return charity;
    }),
    updateCharity: forAdmin((charityId: string, input: unknown) =>
      updateCharityDetails(charityId, input, { charities: repositories.charities, today: receiptDay(clock.now()) }),
    ),
    listManualPayouts: forAdmin(() => listManualPayouts(repositories)),
    claimManualPayout: async (actor: User | null, registryId: string) => claimManualPayout(registryId, admin(actor), claiming),
    releaseManualPayout: async (actor: User | null, registryId: string) => releaseManualPayout(registryId, admin(actor), claiming),
    completeManualPayout: async (actor: User | null, registryId: string, input: unknown) =>
      completeManualPayout(registryId, input, admin(actor), { ...claiming, supportEmail }),
    listFailedPayouts: forAdmin(() => listFailedBankPayouts({ registries: repositories.registries, users: repositories.users, clock })),
    retryFailedPayout: async (actor: User | null, registryId: string) => retryFailedBankPayout(registryId, admin(actor), paying),
    /** A failed bank payout switched to PayPal or a check on the family's word, with the owner's address for the listing. */
    switchFailedPayoutMethod: async (actor: User | null, registryId: string, input: unknown) => {
      const registry = await switchPayoutMethodForFamily(registryId, input, admin(actor), paying);
      const owner = await repositories.users.findById(registry.userId);
      return { registry, ownerEmail: owner?.email ?? null };
    },
    financeReport: forAdmin((query: FinanceQuery) => financeReport(query, claiming)),
    monthJournal: forAdmin((query: FinanceQuery) => monthJournal(query, claiming)),
    lookUpGifts: (actor: User | null, query: unknown) => lookUpGiftsForAdmin(actor, query, repositories),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
