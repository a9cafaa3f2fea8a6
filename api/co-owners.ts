import { inviteCoOwnerSchema } from '@core/co-owner/co-owner-schemas';
import { CELEBRATION_TYPES } from '@core/model/celebration-title';
import { REGISTRY_ROLES } from '@core/model/registry';
import { arrayOf, exactObject, instant, oneOfValues, text, type Wire } from './json-schema';
import { operation } from './operation';
import { messageSchema } from './registries';

/** Someone who manages a registry: the owner or a co-owner. */
export const registryPersonSchema = exactObject({ userId: text, name: text, email: text });
export type RegistryPerson = Wire<typeof registryPersonSchema>;

/** An invitation still waiting to be accepted; the owner alone sees these. */
export const coOwnerInvitationSchema = exactObject({ id: text, email: text, createdAt: instant, expiresAt: instant });
export type CoOwnerInvitationView = Wire<typeof coOwnerInvitationSchema>;

/** GET /api/registries/{id}/co-owners: who manages the registry, as the caller (owner or co-owner) sees it. */
export const registryPeopleSchema = exactObject({
  /** The caller's part: the owner invites, cancels and removes; a co-owner may leave. */
  role: oneOfValues(REGISTRY_ROLES),
  owner: registryPersonSchema,
  coOwners: arrayOf(registryPersonSchema),
  /** Empty for a co-owner. */
  invitations: arrayOf(coOwnerInvitationSchema),
});
export type RegistryPeople = Wire<typeof registryPeopleSchema>;

/** What an invitation link is for, shown before the invitee signs in. */
export const invitationPreviewSchema = exactObject({
  registryId: text,
  childName: text,
  celebrationType: oneOfValues(CELEBRATION_TYPES),
  celebrationDate: instant,
  inviterName: text,
  expiresAt: instant,
});
export type InvitationPreview = Wire<typeof invitationPreviewSchema>;

export const invitationAcceptedSchema = exactObject({ message: text, registryId: text });
export type InvitationAccepted = Wire<typeof invitationAcceptedSchema>;

/** The e-mailed link carries its token in the address's fragment; the page posts it here. */
const tokenBody = exactObject({ token: text });

export const coOwnerOperations = [
  operation({
    method: 'GET',
    path: '/api/registries/{id}/co-owners',
    operationId: 'listCoOwners',
    session: 'required',
    summary: 'The owner, co-owners and (for the owner) invitations waiting (owner or co-owner)',
    responses: { 200: { description: 'Who manages the registry', schema: registryPeopleSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/registries/{id}/co-owners/invitations',
    operationId: 'inviteCoOwner',
    session: 'required',
    summary: 'E-mail a single-use link, valid 7 days, to co-own the registry (owner)',
    body: inviteCoOwnerSchema,
    responses: { 201: { description: 'The invitation, waiting', schema: coOwnerInvitationSchema } },
  }),
  operation({
    method: 'DELETE',
    path: '/api/registries/{id}/co-owners/invitations/{invitationId}',
    operationId: 'cancelCoOwnerInvitation',
    session: 'required',
    summary: 'Cancel an invitation still waiting; its link stops working (owner)',
    responses: { 200: { description: 'Cancelled', schema: messageSchema } },
  }),
  operation({
    method: 'DELETE',
    path: '/api/registries/{id}/co-owners/{userId}',
    operationId: 'removeCoOwner',
    session: 'required',
    summary: 'Remove a co-owner (owner), or leave the registry (the co-owner themselves)',
    responses: { 200: { description: 'Removed', schema: messageSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/co-owner-invitations/preview',
    operationId: 'previewCoOwnerInvitation',
    session: 'none',
    summary: 'What an invitation link is for: the registry and who sent it (anyone holding the link)',
    body: tokenBody,
    responses: { 200: { description: 'The invitation', schema: invitationPreviewSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/co-owner-invitations/accept',
    operationId: 'acceptCoOwnerInvitation',
    session: 'required',
    summary: 'Accept an invitation: the signed-in user becomes a co-owner; the link is used up',
    body: tokenBody,
    responses: { 200: { description: 'Accepted', schema: invitationAcceptedSchema } },
  }),
];
