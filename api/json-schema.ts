import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/**
 * The wire's shapes are JSON Schema objects, written once here: the OpenAPI document is built from
 * them, the HTTP suite checks real answers against them, and the TypeScript types are read from
 * them, so the three cannot drift apart.
 */
export type { JSONSchema };

/** The TypeScript type of what a schema accepts. */
export type Wire<S extends JSONSchema> = FromSchema<S>;

/**
 * An object with exactly these fields, all present (null where a field may be empty): JSON
 * answers carry every field, and an unexpected one is a mismatch.
 */
export function exactObject<const P extends Record<string, JSONSchema>>(properties: P) {
  return { type: 'object', properties, required: Object.keys(properties) as (keyof P & string)[], additionalProperties: false } as const;
}

/** Like exactObject, with some fields that may be absent. */
export function objectWithOptional<const P extends Record<string, JSONSchema>, const O extends Record<string, JSONSchema>>(
  properties: P,
  optional: O,
) {
  return {
    type: 'object',
    properties: { ...properties, ...optional } as P & O,
    required: Object.keys(properties) as (keyof P & string)[],
    additionalProperties: false,
  } as const;
}

export const text = { type: 'string' } as const;
export const nullableText = { type: ['string', 'null'] } as const;
export const count = { type: 'integer', minimum: 0 } as const;
export const flag = { type: 'boolean' } as const;
/** An instant as JSON carries it: an ISO 8601 string. */
export const instant = { type: 'string', format: 'date-time' } as const;
export const nullableInstant = { type: ['string', 'null'], format: 'date-time' } as const;

export function arrayOf<const S extends JSONSchema>(items: S) {
  return { type: 'array', items } as const;
}

export function oneOfValues<const V extends readonly string[]>(values: V) {
  return { type: 'string', enum: values } as const;
}

export function nullableOneOf<const V extends readonly string[]>(values: V) {
  return { type: ['string', 'null'], enum: [...values, null] as [...V, null] } as const;
}
