import { ValidationError, type AnySchema, type InferType } from 'yup';
import { DomainError, type FieldErrors } from './errors';

/**
 * Checks input against a schema, refusing fields the schema does not name, and answers the cast
 * value or a validation.failed error whose message is the first problem and whose fields hold one
 * message per field.
 */
export async function validate<S extends AnySchema>(schema: S, input: unknown): Promise<InferType<S>> {
  refuseWrongTypes(schema, input);
  try {
    return await schema.validate(input, { abortEarly: false, stripUnknown: false, strict: false });
  } catch (error) {
    if (error instanceof ValidationError) {
      const fields: FieldErrors = {};
      for (const inner of error.inner.length > 0 ? error.inner : [error]) {
        const key = inner.path ?? '_';
        fields[key] ??= inner.message;
      }
      const first = Object.values(fields)[0] ?? error.message;
      throw new DomainError('validation.failed', first, fields);
    }
    throw error;
  }
}

/** Unknown fields are refused so that no caller can set what a call does not offer. */
export function refuseUnknownFields(input: unknown, allowed: readonly string[]): void {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new DomainError('validation.failed', 'Request body must be a JSON object');
  }
  const unknown = Object.keys(input).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) {
    throw new DomainError(
      'validation.failed',
      `Unknown field: ${unknown.join(', ')}`,
      Object.fromEntries(unknown.map((k) => [k, 'Unknown field'])),
    );
  }
}

type Description = { fields?: Record<string, { type: string }> };

const descriptions = new WeakMap<AnySchema, Description>();

/** A schema's fields and their types: yup walks the whole schema to describe it, so once per schema, not per call. */
function describedOnce(schema: AnySchema): Description {
  let description = descriptions.get(schema);
  if (!description) {
    description = schema.describe() as Description;
    descriptions.set(schema, description);
  }
  return description;
}

const TYPE_NAMES: Record<string, string> = { string: 'text', number: 'a number', boolean: 'true or false', date: 'a date' };

/**
 * Yup would cast 42 into "42" or "true" into true; a caller that sends the wrong type gets told
 * instead, so what is stored is what was meant.
 */
function refuseWrongTypes(schema: AnySchema, input: unknown): void {
  const description = describedOnce(schema);
  if (!description.fields || input === null || typeof input !== 'object') return;
  const fields: FieldErrors = {};
  for (const [key, field] of Object.entries(description.fields)) {
    const value = (input as Record<string, unknown>)[key];
    if (value === undefined || value === null) continue;
    const ok =
      field.type === 'string'
        ? typeof value === 'string'
        : field.type === 'number'
          ? typeof value === 'number'
          : field.type === 'boolean'
            ? typeof value === 'boolean'
            : field.type === 'date'
              ? typeof value === 'string'
              : true;
    if (!ok) fields[key] = `Must be ${TYPE_NAMES[field.type] ?? field.type}`;
  }
  const first = Object.entries(fields)[0];
  if (first) throw new DomainError('validation.failed', `${first[0]}: ${first[1]}`, fields);
}
