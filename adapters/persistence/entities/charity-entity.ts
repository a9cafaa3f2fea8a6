import { EntitySchema } from '@mikro-orm/core';
import { CHARITY_CATEGORIES, CHARITY_COUNTRIES, type Charity, type CharityCountry } from '@core/model/charity';
import { oneOf } from './one-of-check';

/** The charity's legal details are columns of their own, written all at once (setDetails), so all set or all null. */
export type CharityRow = Omit<Charity, 'details'> & {
  legalName?: string | null;
  taxCountry?: CharityCountry | null;
  taxId?: string | null;
  address?: string | null;
  agreementDate?: string | null;
};

export const CharityEntity = new EntitySchema<CharityRow>({
  name: 'Charity',
  tableName: 'charities',
  indexes: [{ name: 'charities_is_active_index', properties: ['isActive'] }],
  checks: [
    { name: 'charities_category_check', expression: oneOf('category', CHARITY_CATEGORIES) },
    { name: 'charities_tax_country_check', expression: oneOf('tax_country', CHARITY_COUNTRIES, { nullable: true }) },
  ],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    name: { type: 'string', length: 255 },
    description: { type: 'text' },
    website: { type: 'string', length: 1024, nullable: true },
    imageUrl: { type: 'string', length: 1024, nullable: true },
    category: { type: 'string', length: 20, default: 'other' },
    isActive: { type: 'boolean', default: true },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
    legalName: { type: 'string', length: 255, nullable: true },
    taxCountry: { type: 'string', length: 2, nullable: true },
    taxId: { type: 'string', length: 20, nullable: true },
    address: { type: 'string', length: 500, nullable: true },
    agreementDate: { type: 'date', nullable: true },
  },
});
