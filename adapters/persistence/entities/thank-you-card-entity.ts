import { EntitySchema } from '@mikro-orm/core';
import type { ThankYouCard } from '@core/model/thank-you-note';
import { primaryKeyOf } from './primary-key-of';
import { RegistryEntity } from './registry-entity';

export type ThankYouCardRow = ThankYouCard;

export const ThankYouCardEntity = new EntitySchema<ThankYouCardRow>({
  name: 'ThankYouCard',
  tableName: 'thank_you_cards',
  checks: [
    { name: 'thank_you_cards_template_check', expression: `"template_id" in ('traditional', 'modern', 'nature', 'warm')` },
    { name: 'thank_you_cards_image_size_check', expression: `"image_size" in ('small', 'medium', 'large')` },
  ],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    registryId: {
      kind: 'm:1',
      entity: primaryKeyOf(() => RegistryEntity),
      mapToPk: true,
      fieldName: 'registry_id',
      deleteRule: 'cascade',
      index: 'thank_you_cards_registry_id_index',
    },
    templateId: { type: 'string', length: 20 },
    customMessage: { type: 'text' },
    imageUrls: { type: 'text[]', defaultRaw: "'{}'" },
    imageSize: { type: 'string', length: 10, default: 'medium' },
    sentToAllGifts: { type: 'boolean', default: false },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
  },
});
