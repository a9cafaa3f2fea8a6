import { DomainError } from '../errors';

/** An e-mailed invitation to co-own a registry; the token itself is never stored, only its digest. */
export interface CoOwnerInvitation {
  id: string;
  registryId: string;
  /** Where the link was sent, lower-cased. Whoever opens the link may accept it, whatever their own address. */
  email: string;
  invitedBy: string;
  expiresAt: Date;
  acceptedAt: Date | null;
  acceptedBy: string | null;
  createdAt: Date;
}

export interface NewCoOwnerInvitation {
  registryId: string;
  email: string;
  invitedBy: string;
  tokenHash: string;
  expiresAt: Date;
}

/** How long an invitation link works: long enough for a busy parent to get to it. */
export const CO_OWNER_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Co-owners and invitations waiting, together: both parents, step-parents, a grandparent, not a crowd. */
export const MAX_CO_OWNERS = 5;

/** Used, expired, cancelled and unknown links fail alike: none can do anything, and the cure is the same. */
export function invitationInvalid(): DomainError {
  return new DomainError(
    'co_owner.link_invalid',
    'This invitation has expired, was cancelled or has already been used. Please ask for a new one.',
  );
}

export function coOwnerConflict(message: string): DomainError {
  return new DomainError('co_owner.conflict', message, { email: message });
}
