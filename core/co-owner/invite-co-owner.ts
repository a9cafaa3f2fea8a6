import type { User } from '../model/user';
import type { Clock } from '../ports/clock';
import type { UnitOfWork } from '../ports/repositories';
import type { SecretTokens } from '../ports/secret-tokens';
import { requireOwner } from '../access/registry-access';
import { registryNotFound } from '../access/registry-not-found';
import { refuseUnknownFields, validate } from '../validate';
import { DomainError } from '../errors';
import { coOwnerInvitationEmail } from './co-owner-emails';
import { CO_OWNER_INVITATION_TTL_MS, MAX_CO_OWNERS, coOwnerConflict, type CoOwnerInvitation } from '../model/co-owner-invitation';
import { inviteCoOwnerSchema } from './co-owner-schemas';
import { paths, tokenPageUrl } from '../page-paths';

export function coOwnerAcceptUrl(appUrl: string, token: string): string {
  // In the fragment, as the account links do: no server log or Referer header ever carries it.
  return tokenPageUrl(appUrl, paths.acceptCoOwnership, token);
}

export interface InvitePorts {
  unitOfWork: UnitOfWork;
  tokens: SecretTokens;
  clock: Clock;
  appUrl: string;
}

/**
 * The owner invites someone to co-own the registry: a single-use link, valid for 7 days, goes to
 * the address. Only the owner invites, so the owner alone decides who sees the family's gifts.
 * With the registry locked, so two invitations sent at once cannot pass the limit together.
 */
export async function inviteCoOwner(
  actor: User | null,
  registryId: string,
  input: unknown,
  ports: InvitePorts,
): Promise<CoOwnerInvitation> {
  refuseUnknownFields(input, ['email']);
  const { email: typed } = await validate(inviteCoOwnerSchema, input);
  const email = typed.toLowerCase();
  const token = ports.tokens.create();
  const now = ports.clock.now();
  return ports.unitOfWork.transaction(async ({ registries, users, coOwnerInvitations, mail }) => {
    const registry = await registries.findByIdForUpdate(registryId);
    if (!registry || !registry.isActive) throw registryNotFound();
    const owner = requireOwner(registry, actor);
    if (email === owner.email.toLowerCase()) {
      const message = 'This is your own address: invite the other parent’s e-mail address';
      throw new DomainError('validation.failed', message, { email: message });
    }
    const invitee = await users.findByEmail(email);
    if (invitee && registry.coOwnerIds.includes(invitee.id)) throw coOwnerConflict('This person is already a co-owner of the registry');
    const pending = await coOwnerInvitations.listPending(registry.id, now);
    if (pending.some((invitation) => invitation.email === email)) {
      throw coOwnerConflict('An invitation to this address is already waiting. Cancel it first to send a new one.');
    }
    if (registry.coOwnerIds.length + pending.length >= MAX_CO_OWNERS) {
      throw coOwnerConflict(
        `A registry can have ${MAX_CO_OWNERS} co-owners and invitations at most. Remove one or cancel an invitation first.`,
      );
    }
    const invitation = await coOwnerInvitations.create({
      registryId: registry.id,
      email,
      invitedBy: owner.id,
      tokenHash: ports.tokens.digest(token),
      expiresAt: new Date(now.getTime() + CO_OWNER_INVITATION_TTL_MS),
    });
    await mail.enqueue({
      ...coOwnerInvitationEmail(owner, registry, email, coOwnerAcceptUrl(ports.appUrl, token)),
      dedupeKey: `co-owner-invitation-${invitation.id}`,
    });
    return invitation;
  });
}
