import type { Middleware } from 'koa';
import { DomainError } from '@core/errors';
import type { HttpState } from '../http-state';
import { SESSION_COOKIE } from './session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin a Referer names, or 'invalid' for one that is no URL (never ours). */
function refererOrigin(referer: string): string {
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}

function refused(): DomainError {
  return new DomainError('auth.forbidden', 'Cross-site requests are not allowed');
}

/**
 * Refuses state-changing requests that another site made the browser send: the browser's own
 * Sec-Fetch-Site says so, or the page that sent it (Origin, else Referer) is not ours. A request
 * that names no page at all is let through only without our session cookie: it then comes from a
 * non-browser client, which carries no victim's session; with the cookie it may be an older
 * browser that left both headers out on a page's say-so, so it is refused. Paths called by
 * providers' servers (the webhooks, the one-click unsubscribe under its prefix) are exempt;
 * nothing else is.
 */
export function crossSiteGuard(options: {
  allowedOrigins: string[];
  exemptPaths: string[];
  exemptPrefixes?: string[];
}): Middleware<HttpState> {
  const allowed = new Set(options.allowedOrigins);
  const exemptPrefixes = options.exemptPrefixes ?? [];
  return async (ctx, next) => {
    if (
      SAFE_METHODS.has(ctx.method) ||
      options.exemptPaths.includes(ctx.path) ||
      exemptPrefixes.some((prefix) => ctx.path.startsWith(prefix))
    ) {
      return next();
    }
    const fetchSite = ctx.get('Sec-Fetch-Site');
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') throw refused();
    const referer = ctx.get('Referer');
    const origin = ctx.get('Origin') || (referer ? refererOrigin(referer) : '');
    if (origin !== '') {
      if (origin !== `${ctx.protocol}://${ctx.host}` && !allowed.has(origin)) throw refused();
    } else if (fetchSite !== 'same-origin' && ctx.cookies.get(SESSION_COOKIE) !== undefined) {
      throw refused();
    }
    return next();
  };
}
