import { looksLikeToken } from '../model/account-token';
import type { User } from '../model/user';
import type { Clock } from '../ports/clock';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import type { SecretTokens } from '../ports/secret-tokens';
import type { Registry } from '../model/registry';
import { requireSignedIn } from '../access/registry-access';
import { refuseUnknownFields } from '../validate';
import { coOwnerConflict, invitationInvalid } from '../model/co-owner-invitation';

interface TokenPorts {
  tokens: SecretTokens;
  clock: Clock;
}

function tokenHashIn(input: unknown, ports: TokenPorts): string {
  refuseUnknownFields(input, ['token']);
  const token = (input as Record<string, unknown>).token;
  if (!looksLikeToken(token)) throw invitationInvalid();
  return ports.tokens.digest(token);
}

export interface InvitationPreview {
  registry: Registry;
  inviter: User;
  expiresAt: Date;
}

/**
 * What an invitation link is for, before anyone signs in: the registry and who sent it. The link
 * is the proof, as for accepting; it shows nothing a guest could not see on the registry page
 * but the inviter's name.
 */
export async function previewCoOwnerInvitation(
  input: unknown,
  ports: TokenPorts & Pick<Repositories, 'coOwnerInvitations' | 'registries' | 'users'>,
): Promise<InvitationPreview> {
  const invitation = await ports.coOwnerInvitations.findPendingByTokenHash(tokenHashIn(input, ports), ports.clock.now());
  const [registry, inviter] = invitation
    ? await Promise.all([ports.registries.findById(invitation.registryId), ports.users.findById(invitation.invitedBy)])
    : [null, null];
  if (!invitation || !registry || !registry.isActive || !inviter) throw invitationInvalid();
  return { registry, inviter, expiresAt: invitation.expiresAt };
}

/**
 * The signed-in user accepts: the link is used up and the user becomes a co-owner, in one
 * transaction. Whoever holds the link may accept, under any e-mail address (a parent's account
 * often uses another address than the one the owner knows). Of two accepts at once, one wins.
 * The owner's own link, or one for a registry the user co-owns already, is refused and stays
 * unused.
 */
export async function acceptCoOwnerInvitation(
  actor: User | null,
  input: unknown,
  ports: TokenPorts & { unitOfWork: UnitOfWork },
): Promise<Registry> {
  const user = requireSignedIn(actor);
  const tokenHash = tokenHashIn(input, ports);
  const now = ports.clock.now();
  return ports.unitOfWork.transaction(async ({ coOwnerInvitations, registries }) => {
    const invitation = await coOwnerInvitations.accept(tokenHash, user.id, now);
    if (!invitation) throw invitationInvalid();
    const registry = await registries.findByIdForUpdate(invitation.registryId);
    if (!registry || !registry.isActive) throw invitationInvalid();
    if (registry.userId === user.id) throw coOwnerConflict('You own this registry already: send this link to the person you invited.');
    if (!(await registries.addCoOwner(registry.id, user.id))) throw coOwnerConflict('You are already a co-owner of this registry.');
    return { ...registry, coOwnerIds: [...registry.coOwnerIds, user.id] };
  });
}
