import { EntitySchema } from '@mikro-orm/core';
import { CHARITY_CATEGORIES, type Charity } from '@core/charity/charity';
import { oneOf } from './one-of-check';

export type CharityRow = Charity;

export const CharityEntity = new EntitySchema<CharityRow>({
  name: 'Charity',
  tableName: 'charities',
  indexes: [{ name: 'charities_is_active_index', properties: ['isActive'] }],
  checks: [{ name: 'charities_category_check', expression: oneOf('category', CHARITY_CATEGORIES) }],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    name: { type: 'string', length: 255 },
    description: { type: 'text' },
    website: { type: 'string', length: 1024, nullable: true },
    imageUrl: { type: 'string', length: 1024, nullable: true },
    category: { type: 'string', length: 20, default: 'other' },
    isActive: { type: 'boolean', default: true },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
  },
});
