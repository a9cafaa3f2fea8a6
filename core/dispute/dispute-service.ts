import { DomainError } from '../errors';
import type { AuditActor } from '../model/audit-event';
import type { Dispute } from '../model/dispute';
import type { Clock } from '../ports/clock';
import type { PaymentGateway } from '../ports/payment-gateway';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import { claimManualFollowUp, completeManualFollowUp, releaseManualFollowUp, sendFollowUpTransfer } from './follow-up-payout';
import { listDisputes, reversibleAmount, type DisputeListing } from './list-disputes';
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
 * The administrators' disputes, built once (ADR 26). Only an administrator reaches them (the
 * routes refuse anyone else first, as every /api/admin call), so each call that changes a dispute
 * takes the acting administrator as the audit trail names them. Reading the page, and one
 * dispute's line on it, change nothing and take no actor.
 */
export function createDisputeService(dependencies: DisputeDependencies) {
  const { repositories, gateway, clock, appUrl, supportEmail } = dependencies;
  const sending = { unitOfWork: repositories, gateway, clock };
  const claiming = { unitOfWork: repositories, clock };
  return {
    list: () => listDisputes(repositories),
    /** The dispute with its gift and registry, as the page lists it. */
    listing: async (dispute: Dispute): Promise<DisputeListing> => {
      const [gift, registry] = await Promise.all([
        repositories.gifts.findById(dispute.giftId),
        repositories.registries.findById(dispute.registryId),
      ]);
      if (!gift || !registry) throw new DomainError('dispute.not_found', DISPUTE_NOT_FOUND);
      return { dispute, gift, registry, reversibleAmount: reversibleAmount(dispute, gift, registry) };
    },
    submitEvidence: (actor: AuditActor, disputeId: string, input: unknown) =>
      submitDisputeEvidence(disputeId, input, actor, { ...sending, appUrl, supportEmail }),
    reverseTransfer: (actor: AuditActor, disputeId: string) => reverseDisputeTransfer(disputeId, actor, { ...sending, supportEmail }),
    sendFollowUp: (actor: AuditActor, disputeId: string) => sendFollowUpTransfer(disputeId, sending, actor),
    claimFollowUp: (actor: AuditActor, disputeId: string) => claimManualFollowUp(disputeId, actor, claiming),
    releaseFollowUp: (actor: AuditActor, disputeId: string) => releaseManualFollowUp(disputeId, actor, claiming),
    completeFollowUp: (actor: AuditActor, disputeId: string, input: unknown) => completeManualFollowUp(disputeId, input, actor, claiming),
  };
}

export type DisputeService = ReturnType<typeof createDisputeService>;
