import type { CoOwnerInvitationView, InvitationAccepted, InvitationPreview, RegistryPeople, RegistryPerson } from '@api/co-owners';
import type { User } from '@core/model/user';
import type { InvitationPreview as Preview } from '@core/co-owner/accept-co-owner-invitation';
import { displayName } from '@core/model/display-name';
import type { CoOwnerInvitation } from '@core/model/co-owner-invitation';
import type { RegistryPeople as People } from '@core/co-owner/co-owners';
import type { Registry } from '@core/model/registry';

function presentPerson(user: User) {
  return { userId: user.id, name: displayName(user), email: user.email } satisfies RegistryPerson;
}

export function presentInvitation(invitation: CoOwnerInvitation) {
  return {
    id: invitation.id,
    email: invitation.email,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  } satisfies CoOwnerInvitationView;
}

export function presentRegistryPeople(people: People) {
  return {
    role: people.role,
    owner: presentPerson(people.owner),
    coOwners: people.coOwners.map(presentPerson),
    invitations: people.invitations.map(presentInvitation),
  } satisfies RegistryPeople;
}

/** The inviter by name only: the invitee has not proved who they are yet. */
export function presentInvitationPreview(preview: Preview) {
  return {
    registryId: preview.registry.id,
    childName: preview.registry.childName,
    celebrationType: preview.registry.celebrationType,
    celebrationDate: preview.registry.celebrationDate.toISOString(),
    inviterName: displayName(preview.inviter),
    expiresAt: preview.expiresAt.toISOString(),
  } satisfies InvitationPreview;
}

export function presentInvitationAccepted(registry: Registry) {
  return { message: 'You are now a co-owner of this registry', registryId: registry.id } satisfies InvitationAccepted;
}
