import type { CoOwnerInvitation, NewCoOwnerInvitation } from '../model/co-owner-invitation';

/** Invitations to co-own a registry, kept by the digest of their link's token only. */
export interface CoOwnerInvitationRepository {
  create(invitation: NewCoOwnerInvitation): Promise<CoOwnerInvitation>;
  /** Not accepted and not expired at `now`, oldest first. */
  listPending(registryId: string, now: Date): Promise<CoOwnerInvitation[]>;
  /** The pending invitation with this digest, without using it; null when unknown, used or expired. */
  findPendingByTokenHash(tokenHash: string, now: Date): Promise<CoOwnerInvitation | null>;
  /**
   * Marks the pending invitation with this digest accepted by the user, in one conditional
   * statement, and answers it; null when unknown, used or expired. Of two racing accepts one gets it.
   */
  accept(tokenHash: string, userId: string, now: Date): Promise<CoOwnerInvitation | null>;
  /** Deletes the registry's invitation while it is pending, so its link dies; answers whether there was one. */
  cancel(registryId: string, id: string, now: Date): Promise<boolean>;
}
