import type { Dispute, DisputeChanges, NewDispute } from '../model/dispute';

/** Disputes of gifts' charges (chargebacks), one row per provider dispute. */
export interface DisputeRepository {
  /** Fails with dispute.exists when the provider's dispute is recorded already (two reports racing). */
  create(dispute: NewDispute): Promise<Dispute>;
  /** Null for an unknown id, including one that is not a uuid at all. */
  findById(id: string): Promise<Dispute | null>;
  /** Inside a transaction: the row stays locked until the transaction ends. */
  findByIdForUpdate(id: string): Promise<Dispute | null>;
  /** Inside a transaction: the dispute with the provider's id, locked until the transaction ends. */
  findByProviderIdForUpdate(providerDisputeId: string): Promise<Dispute | null>;
  /** Inside a transaction: the gift's dispute that may take or took its money (not decided yet, or lost), locked; null when it has none. */
  findNotWonByGiftIdForUpdate(giftId: string): Promise<Dispute | null>;
  update(id: string, changes: DisputeChanges): Promise<Dispute>;
  /** Newest first. */
  list(): Promise<Dispute[]>;
  /** Whether a gift of the registry has a dispute not decided yet. */
  hasUndecided(registryId: string): Promise<boolean>;
  /** The ids of the registry's gifts with a dispute not decided yet. */
  listUndecidedGiftIds(registryId: string): Promise<Set<string>>;
  /** Won after closing, the family's follow-up payout not sent yet (waiting, or claimed and being sent): oldest first. */
  listFollowUpsPending(): Promise<Dispute[]>;
  /** The registry's disputes won after it closed, each with its follow-up payout whatever its state; empty for an id that is not a uuid. */
  listFollowUpsOfRegistry(registryId: string): Promise<Dispute[]>;
}
