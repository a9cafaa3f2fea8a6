import { EntitySchema } from '@mikro-orm/core';
import type { CharityCategory } from '../../../core/charity/charity';

export interface CharityRow {
  id: string;
  name: string;
  description: string;
  website: string | null;
  imageUrl: string | null;
  category: CharityCategory;
  isActive: boolean;
  createdAt: Date;
}

export const CharityEntity = new EntitySchema<CharityRow>({
  name: 'Charity',
  tableName: 'charities',
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
