import type { Middleware } from 'koa';
import { DomainError } from '@core/errors';
import type { HttpState } from '../http-state';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that another site made the browser send: the browser's own
 * Sec-Fetch-Site says so, or the Origin is not ours. Requests with neither header come from
 * non-browser clients, which carry no victim's cookies. Paths called by providers' servers (the
 * Stripe webhook) are exempt; nothing else is.
 */
export function crossSiteGuard(options: { allowedOrigins: string[]; exemptPaths: string[] }): Middleware<HttpState> {
  const allowed = new Set(options.allowedOrigins);
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method) || options.exemptPaths.includes(ctx.path)) {
      return next();
    }
    const fetchSite = ctx.get('Sec-Fetch-Site');
    const origin = ctx.get('Origin');
    const ownOrigin = `${ctx.protocol}://${ctx.host}`;
    const crossSite = origin !== ''
      ? origin !== ownOrigin && !allowed.has(origin)
      : fetchSite === 'cross-site' || fetchSite === 'same-site';
    if (crossSite) {
      throw new DomainError('auth.forbidden', 'Cross-site requests are not allowed');
    }
    return next();
  };
}
