/**
 * Paths that carry a guest's personal link, each with the part of the path before the token. The
 * link is long-lived and opens that guest's RSVP, so it is never written to a log: the line says
 * `/i/[token]` instead (docs/adr/0024-personal-links-in-the-path.md).
 */
const TOKEN_PATHS = [/^(\/i\/)[^/]+/i, /^(\/api\/invitations\/)[^/]+/i];

/** The path as a log line may carry it. */
export function loggedPath(path: string): string {
  for (const pattern of TOKEN_PATHS) if (pattern.test(path)) return path.replace(pattern, '$1[token]');
  return path;
}
