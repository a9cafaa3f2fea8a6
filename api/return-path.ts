// A module of its own: every page's guard reads it, and the rest of the wire's auth module
// (its request schemas) must not come along.

/** The query parameter of /api/login and /auth naming the page to come back to once signed in. */
export const RETURN_TO_PARAM = 'returnTo';

const RETURN_PATH_MAX_LENGTH = 500;

/**
 * The page to come back to after signing in, if the value is one: a path on this site ('/…', with
 * its query), never another site ('//host', '/\\host'), an API call, the sign-in page itself, or
 * anything with control characters. Otherwise null (the caller goes home).
 */
export function returnPathOf(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > RETURN_PATH_MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || /[\\#]/.test(value)) return null;
  if ([...value].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f)) return null;
  const pathname = value.split('?')[0]!;
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname === '/auth' || pathname.startsWith('/auth/')) return null;
  return value;
}
