import type { EntitySchema } from '@mikro-orm/core';

/**
 * Our rows hold a related row's id (mapToPk) rather than the row itself, which EntitySchema's
 * typings do not model; this keeps the relation's target while the property stays a string.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function primaryKeyOf(target: () => EntitySchema<any, any>): () => never {
  return target as unknown as () => never;
}
