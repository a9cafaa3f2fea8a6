import { adminActor, requireAdmin } from '../access/admin-access';
import { DomainError } from '../errors';
import type { Dispute, DisputeReport } from '../model/dispute';
import type { User } from '../model/user';
import type { Clock } from '../ports/clock';
import type { PaymentGateway } from '../ports/payment-gateway';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import { claimManualFollowUp, completeManualFollowUp, releaseManualFollowUp, sendFollowUpTransfer } from './follow-up-payout';
import { disputeListing, listDisputes, type DisputeListing } from './list-disputes';
import { recordDispute } from './record-dispute';
import { reverseDisputeTransfer } from './reverse-dispute-transfer';
import { DISPUTE_NOT_FOUND, submitDisputeEvidence } from './submit-dispute-evidence';

export interface DisputeDependencies {
  repositories: Repositories & UnitOfWork;
  gateway: PaymentGateway;
  clock: Clock;
  /** The site's own address, for the link to the Disputes page in the e-mails. */
  appUrl: string;
  /** Where replies to the dispute e-mails go. */
  supportEmail: string;
}

/**
 * The administrators' disputes, built once (ADR 26). Each of their calls takes the acting user, and
 * to anyone but an administrator they do not exist; the administrator is who the audit trail names.
 * The provider's report of a dispute takes no user: no one is signed in, the provider is the source.
 */
export function createDisputeService(dependencies: DisputeDependencies) {
  const { repositories, gateway, clock, appUrl, supportEmail } = dependencies;
  const sending = { unitOfWork: repositories, gateway, clock };
  const claiming = { unitOfWork: repositories, clock };
  const admin = (actor: User | null) => adminActor(requireAdmin(actor));
  return {
    /** A win after closing sends its follow-up payout at once, through the gateway. */
    record: (report: DisputeReport) => recordDispute(report, { unitOfWork: repositories, gateway, clock, appUrl, supportEmail }),
    list: async (actor: User | null) => {
      requireAdmin(actor);
      return listDisputes(repositories);
    },
    /** The dispute with its gift and registry, as the page lists it. */
    listing: async (actor: User | null, dispute: Dispute): Promise<DisputeListing> => {
      requireAdmin(actor);
      const listing = await disputeListing(dispute, repositories);
      if (!listing) throw new DomainError('dispute.not_found', DISPUTE_NOT_FOUND);
      return listing;
    },
    submitEvidence: async (actor: User | null, disputeId: string, input: unknown) =>
      submitDisputeEvidence(disputeId, input, admin(actor), { ...sending, appUrl, supportEmail }),
    reverseTransfer: async (actor: User | null, disputeId: string) =>
      reverseDisputeTransfer(disputeId, admin(actor), { ...sending, supportEmail }),
    sendFollowUp: async (actor: User | null, disputeId: string) => sendFollowUpTransfer(disputeId, sending, admin(actor)),
    claimFollowUp: async (actor: User | null, disputeId: string) => claimManualFollowUp(disputeId, admin(actor), claiming),
    releaseFollowUp: async (actor: User | null, disputeId: string) => releaseManualFollowUp(disputeId, admin(actor), claiming),
    completeFollowUp: async (actor: User | null, disputeId: string, input: unknown) =>
      completeManualFollowUp(disputeId, input, admin(actor), claiming),
  };
}

export type DisputeService = ReturnType<typeof createDisputeService>;
