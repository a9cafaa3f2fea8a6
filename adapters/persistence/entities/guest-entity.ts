import { EntitySchema } from '@mikro-orm/core';
import type { Guest } from '@core/model/guest';
import { MAX_PARTY_SIZE } from '@core/model/guest';
import { primaryKeyOf } from './primary-key-of';
import { RegistryEntity } from './registry-entity';

export type GuestRow = Guest;

/** The family's guest list: one row per registry and e-mail address, so a second line merges. */
export const GuestEntity = new EntitySchema<GuestRow>({
  name: 'Guest',
  tableName: 'guests',
  uniques: [{ name: 'guests_registry_id_email_unique', properties: ['registryId', 'email'] }],
  checks: [{ name: 'guests_party_size_check', expression: `"party_size" >= 1 and "party_size" <= ${MAX_PARTY_SIZE}` }],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    // The list goes with its registry.
    registryId: { kind: 'm:1', entity: primaryKeyOf(() => RegistryEntity), mapToPk: true, fieldName: 'registry_id', deleteRule: 'cascade' },
    name: { type: 'string', length: 255 },
    email: { type: 'string', length: 255 },
    partySize: { type: 'integer', fieldName: 'party_size' },
    street: { type: 'string', length: 255, nullable: true },
    city: { type: 'string', length: 255, nullable: true },
    region: { type: 'string', length: 255, nullable: true },
    postalCode: { type: 'string', length: 255, nullable: true, fieldName: 'postal_code' },
    country: { type: 'string', length: 255, nullable: true },
    invitedAt: { type: 'datetime', nullable: true, fieldName: 'invited_at' },
    remindedAt: { type: 'datetime', nullable: true, fieldName: 'reminded_at' },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
    updatedAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
