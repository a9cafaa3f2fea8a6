import type { User } from '../model/user';
import type { Clock } from '../ports/clock';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import type { SecretTokens } from '../ports/secret-tokens';
import { acceptCoOwnerInvitation, previewCoOwnerInvitation } from './accept-co-owner-invitation';
import { cancelCoOwnerInvitation, listRegistryPeople, removeCoOwner } from './co-owners';
import { inviteCoOwner } from './invite-co-owner';

export interface CoOwnerDependencies {
  repositories: Repositories & UnitOfWork;
  tokens: SecretTokens;
  clock: Clock;
  /** The site's own address, for the link in the invitation. */
  appUrl: string;
}

/**
 * The co-owners' use cases, built once from what they depend on. Each call takes the acting user
 * and the request's own values, so nothing about one caller travels in what is shared.
 */
export function createCoOwnerService(dependencies: CoOwnerDependencies) {
  const { repositories, tokens, clock, appUrl } = dependencies;
  const ports = { ...repositories, unitOfWork: repositories, tokens, clock, appUrl };
  return {
    listPeople: (actor: User | null, registryId: string) => listRegistryPeople(actor, registryId, ports),
    invite: (actor: User | null, registryId: string, input: unknown) => inviteCoOwner(actor, registryId, input, ports),
    cancelInvitation: (actor: User | null, registryId: string, invitationId: string) =>
      cancelCoOwnerInvitation(actor, registryId, invitationId, ports),
    remove: (actor: User | null, registryId: string, userId: string) => removeCoOwner(actor, registryId, userId, ports),
    preview: (input: unknown) => previewCoOwnerInvitation(input, ports),
    accept: (actor: User | null, input: unknown) => acceptCoOwnerInvitation(actor, input, ports),
  };
}

export type CoOwnerService = ReturnType<typeof createCoOwnerService>;
