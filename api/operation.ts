import type { JSONSchema } from './json-schema';

/** What the document needs of a request schema from core: yup's own description of itself. */
export interface DescribedSchema {
  describe(): unknown;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface WireResponse {
  description: string;
  /** Absent for an answer without a JSON body (a redirect, a file). */
  schema?: JSONSchema;
  /** The type of an answer that is a file rather than JSON (text/csv); with a schema too, the answer is one or the other, as asked. */
  file?: string;
}

/**
 * Whether a call needs the session cookie: 'required' answers 401 without a signed-in user,
 * 'optional' answers anyone and a signed-in caller may see more, 'none' never reads it.
 */
export type SessionUse = 'required' | 'optional' | 'none';

/** One call of the API: its path (OpenAPI's {param} form), what it takes and what it answers. */
export interface Operation {
  method: HttpMethod;
  path: string;
  /** The name a client generator gives the call: unique, a verb phrase in camelCase. */
  operationId: string;
  session: SessionUse;
  summary: string;
  /** The JSON body, as core validates it. */
  body?: DescribedSchema | JSONSchema;
  /** A file type the body may come as instead of JSON (text/csv): the route reads it itself. */
  bodyFile?: string;
  /** The body may be left out altogether (a call the spec lists with none). */
  bodyOptional?: boolean;
  query?: Record<string, { description: string; required?: boolean }>;
  /** The answers besides the errors every call may give ({message}, see errorSchema). */
  responses: Record<number, WireResponse>;
  /** What its errors carry, when more than the usual {message, errors?}. */
  errorBody?: JSONSchema;
  /** Registered only with this payment provider. */
  provider?: 'sandbox' | 'stripe';
}

export function operation<const O extends Operation>(op: O): O {
  return op;
}
