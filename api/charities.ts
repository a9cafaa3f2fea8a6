import { CHARITY_CATEGORIES } from '@core/model/charity';
import { arrayOf, exactObject, flag, instant, nullableText, oneOfValues, text, type Wire } from './json-schema';
import { operation } from './operation';

export const charitySchema = exactObject({
  id: text,
  name: text,
  description: text,
  website: nullableText,
  imageUrl: nullableText,
  category: oneOfValues(CHARITY_CATEGORIES),
  isActive: flag,
  createdAt: instant,
});
export type CharityView = Wire<typeof charitySchema>;

/** How a registry names a charity it points to. */
export const charityRefSchema = exactObject({ id: text, name: text });
export const nullableCharityRefSchema = { anyOf: [charityRefSchema, { type: 'null' }] } as const;
export type CharityRef = Wire<typeof charityRefSchema>;

export const charityOperations = [
  operation({
    method: 'GET',
    path: '/api/charities',
    operationId: 'listCharities',
    session: 'none',
    summary: 'The active charities a registry or a giver may choose',
    responses: { 200: { description: 'Every active charity', schema: arrayOf(charitySchema) } },
  }),
];
