import type { Middleware } from 'koa';
import { DomainError, type FieldErrors } from '@core/errors';
import type { HttpState } from '../http-state';

// NUL and the other C0 controls but tab, line feed and carriage return (a message has lines), and
// DEL. PostgreSQL cannot store a NUL in text at all, and none of the others is anything a person types.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// A path or a query value is one line.
// eslint-disable-next-line no-control-regex -- as above
const IN_LINE = /[\u0000-\u001F\u007F]/;

const MESSAGE = 'Cannot contain control characters';
const MAX_DEPTH = 8;

function findInBody(value: unknown, at: string, found: FieldErrors, depth: number): void {
  if (typeof value === 'string') {
    if (IN_TEXT.test(value)) found[at || '_'] = MESSAGE;
    return;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return;
  for (const [key, inner] of Object.entries(value)) {
    const path = at ? `${at}.${key}` : key;
    if (IN_LINE.test(key)) found[path] = MESSAGE;
    else findInBody(inner, path, found, depth + 1);
  }
}

function decoded(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * Refuses, with 400 and a message per field, any request whose path, query or JSON body carries
 * a control character, before any route or query sees it: such input is never what a person meant,
 * and left alone it reaches the database as an error rather than as a clear answer.
 */
export function refuseControlCharacters(): Middleware<HttpState> {
  return async (ctx, next) => {
    const found: FieldErrors = {};
    const path = decoded(ctx.path);
    if (path === null) throw new DomainError('validation.failed', 'The address is not valid', { path: 'Not a valid address' });
    if (IN_LINE.test(path)) found.path = MESSAGE;
    for (const [key, value] of Object.entries(ctx.query)) {
      const values = Array.isArray(value) ? value : [value ?? ''];
      if (IN_LINE.test(key) || values.some((text) => IN_LINE.test(text))) found[key] = MESSAGE;
    }
    findInBody((ctx.request as { body?: unknown }).body, '', found, 0);
    const first = Object.entries(found)[0];
    if (first) throw new DomainError('validation.failed', `${first[0]}: ${first[1]}`, found);
    await next();
  };
}
