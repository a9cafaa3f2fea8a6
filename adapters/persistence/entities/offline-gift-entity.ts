import { EntitySchema } from '@mikro-orm/core';
import { OFFLINE_GIFT_METHODS, type OfflineGift } from '@core/model/offline-gift';
import { giftListSearchKeys, type GiftListSearchKeys } from '@core/model/gift-list';
import { primaryKeyOf } from './primary-key-of';
import { GuestEntity } from './guest-entity';
import { RegistryEntity } from './registry-entity';
import { oneOf } from './one-of-check';
import { CentsType } from '../types/cents-type';

/** guestId: the guest on the family's list the family matched this gift to (core/guest/guest-gifts.ts). */
export type OfflineGiftRow = OfflineGift & { guestId: string | null } & Partial<GiftListSearchKeys>;

const keysOf = (gift: OfflineGiftRow) => giftListSearchKeys(gift.giftGiverName, gift.giftGiverEmail, gift.note);

/**
 * Gifts given by hand: a table of their own, with no split, fee, charity or payment columns, so
 * no query that pays anyone can pick one up.
 */
export const OfflineGiftEntity = new EntitySchema<OfflineGiftRow>({
  name: 'OfflineGift',
  tableName: 'offline_gifts',
  indexes: [
    // The thank-you cards page's contributors, newest first: a gift by hand counts as given at noon UTC on its day.
    {
      name: 'offline_gifts_registry_id_given_at_index',
      expression: `create index "offline_gifts_registry_id_given_at_index" on "offline_gifts" ("registry_id", (("received_on" + time '12:00') at time zone 'UTC'), "id")`,
    },
  ],
  checks: [
    { name: 'offline_gifts_method_check', expression: oneOf('method', OFFLINE_GIFT_METHODS) },
    { name: 'offline_gifts_amount_check', expression: `"amount" > 0` },
  ],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    // A registry may be deleted only before money is on its way; the family's records go with it.
    registryId: {
      kind: 'm:1',
      entity: primaryKeyOf(() => RegistryEntity),
      mapToPk: true,
      fieldName: 'registry_id',
      deleteRule: 'cascade',
      index: 'offline_gifts_registry_id_index',
    },
    // Taking the guest off the list leaves the gift, unmatched.
    guestId: {
      kind: 'm:1',
      entity: primaryKeyOf(() => GuestEntity),
      mapToPk: true,
      fieldName: 'guest_id',
      deleteRule: 'set null',
      nullable: true,
      index: 'offline_gifts_guest_id_index',
    },
    giftGiverName: { type: 'string', length: 255 },
    giftGiverEmail: { type: 'string', length: 255, nullable: true },
    // decimal(10,2), cents in the row (adapters/persistence/types/cents-type.ts).
    amount: { type: new CentsType(), precision: 10, scale: 2 },
    method: { type: 'string', length: 10 },
    receivedOn: { type: 'date' },
    note: { type: 'text', nullable: true },
    // What the owner's list searches and sorts by, folded by core (core/model/gift-list.ts), kept
    // in step with the name, e-mail and note whenever the gift is written through its entity.
    giverKey: { type: 'text', onCreate: (gift) => keysOf(gift).giverKey, onUpdate: (gift) => keysOf(gift).giverKey },
    emailKey: { type: 'text', nullable: true, onCreate: (gift) => keysOf(gift).emailKey, onUpdate: (gift) => keysOf(gift).emailKey },
    messageKey: { type: 'text', nullable: true, onCreate: (gift) => keysOf(gift).messageKey, onUpdate: (gift) => keysOf(gift).messageKey },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
    updatedAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
