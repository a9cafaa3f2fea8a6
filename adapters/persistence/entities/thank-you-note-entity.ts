import { EntitySchema } from '@mikro-orm/core';
import type { ThankYouNote } from '@core/model/thank-you-note';
import { primaryKeyOf } from './primary-key-of';
import { GiftEntity } from './gift-entity';
import { OfflineGiftEntity } from './offline-gift-entity';

/** A note thanks exactly one gift: one paid through us (gift_id) or one given by hand (offline_gift_id). */
export type ThankYouNoteRow = Omit<ThankYouNote, 'giftId' | 'byHand'> & { giftId: string | null; offlineGiftId: string | null };

export const ThankYouNoteEntity = new EntitySchema<ThankYouNoteRow>({
  name: 'ThankYouNote',
  tableName: 'thank_you_notes',
  checks: [
    { name: 'thank_you_notes_template_check', expression: `"template_id" in ('traditional', 'modern', 'nature', 'warm')` },
    { name: 'thank_you_notes_image_size_check', expression: `"image_size" in ('small', 'medium', 'large')` },
    { name: 'thank_you_notes_status_check', expression: `"status" in ('draft', 'sent')` },
    { name: 'thank_you_notes_one_gift_check', expression: `num_nonnulls("gift_id", "offline_gift_id") = 1` },
  ],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    // One note per gift; the note is deleted with its gift.
    giftId: {
      kind: 'm:1',
      entity: primaryKeyOf(() => GiftEntity),
      mapToPk: true,
      fieldName: 'gift_id',
      deleteRule: 'cascade',
      unique: 'thank_you_notes_gift_id_unique',
      nullable: true,
    },
    offlineGiftId: {
      kind: 'm:1',
      entity: primaryKeyOf(() => OfflineGiftEntity),
      mapToPk: true,
      fieldName: 'offline_gift_id',
      deleteRule: 'cascade',
      unique: 'thank_you_notes_offline_gift_id_unique',
      nullable: true,
    },
    templateId: { type: 'string', length: 20 },
    customMessage: { type: 'text' },
    imageUrls: { type: 'text[]', defaultRaw: "'{}'" },
    imageSize: { type: 'string', length: 10, default: 'medium' },
    status: { type: 'string', length: 10, default: 'draft' },
    sentAt: { type: 'datetime', nullable: true },
    sendTo: { type: 'string', length: 320, nullable: true },
    notDeliveredAt: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
    updatedAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
