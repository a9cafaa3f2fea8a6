import { EntitySchema } from '@mikro-orm/core';
import type { CoOwnerInvitation } from '@core/model/co-owner-invitation';
import { primaryKeyOf } from './primary-key-of';
import { RegistryEntity } from './registry-entity';
import { UserEntity } from './user-entity';

/** An e-mailed invitation to co-own a registry: only the token's SHA-256 digest is kept. */
export type CoOwnerInvitationRow = CoOwnerInvitation & { tokenHash: string };

export const CoOwnerInvitationEntity = new EntitySchema<CoOwnerInvitationRow>({
  name: 'CoOwnerInvitation',
  tableName: 'co_owner_invitations',
  indexes: [{ name: 'co_owner_invitations_registry_id_index', properties: ['registryId'] }],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    // A deleted registry's invitations go with it, so their links stop working.
    registryId: { kind: 'm:1', entity: primaryKeyOf(() => RegistryEntity), mapToPk: true, fieldName: 'registry_id', deleteRule: 'cascade' },
    email: { type: 'string', length: 255 },
    invitedBy: { kind: 'm:1', entity: primaryKeyOf(() => UserEntity), mapToPk: true, fieldName: 'invited_by', deleteRule: 'cascade' },
    tokenHash: { type: 'string', length: 64, unique: 'co_owner_invitations_token_hash_unique' },
    expiresAt: { type: 'datetime' },
    acceptedAt: { type: 'datetime', nullable: true },
    acceptedBy: {
      kind: 'm:1',
      entity: primaryKeyOf(() => UserEntity),
      mapToPk: true,
      fieldName: 'accepted_by',
      nullable: true,
      deleteRule: 'set null',
    },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
  },
});
