import { EntitySchema } from '@mikro-orm/core';
import type { Guest } from '@core/model/guest';
import { MAX_PARTY_SIZE } from '@core/model/guest';
import { RSVP_ANSWERS, type RsvpAnswer } from '@core/model/guest-rsvp';
import { oneOf } from './one-of-check';
import { primaryKeyOf } from './primary-key-of';
import { RegistryEntity } from './registry-entity';

/** tokenHash: the digest of the guest's personal link, never shown; the answer is three columns, all set or none. */
export type GuestRow = Omit<Guest, 'rsvp' | 'hasPersonalLink'> & {
  tokenHash?: string | null;
  rsvpAnswer?: RsvpAnswer | null;
  rsvpPartySize?: number | null;
  rsvpAt?: Date | null;
};

/** The family's guest list: one row per registry and e-mail address, so a second line merges. */
export const GuestEntity = new EntitySchema<GuestRow>({
  name: 'Guest',
  tableName: 'guests',
  uniques: [{ name: 'guests_registry_id_email_unique', properties: ['registryId', 'email'] }],
  checks: [
    { name: 'guests_party_size_check', expression: `"party_size" >= 1 and "party_size" <= ${MAX_PARTY_SIZE}` },
    { name: 'guests_rsvp_answer_check', expression: oneOf('rsvp_answer', RSVP_ANSWERS, { nullable: true }) },
    {
      name: 'guests_rsvp_party_size_check',
      expression: `"rsvp_party_size" is null or ("rsvp_party_size" >= 0 and "rsvp_party_size" <= ${MAX_PARTY_SIZE})`,
    },
  ],
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
    tokenHash: { type: 'string', length: 64, nullable: true, unique: 'guests_token_hash_unique', fieldName: 'token_hash' },
    rsvpAnswer: { type: 'string', length: 10, nullable: true, fieldName: 'rsvp_answer' },
    rsvpPartySize: { type: 'integer', nullable: true, fieldName: 'rsvp_party_size' },
    rsvpAt: { type: 'datetime', nullable: true, fieldName: 'rsvp_at' },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
    updatedAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
