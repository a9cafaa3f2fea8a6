import { createHash, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import type { HttpState } from '../http-state';
import type { Metrics } from '../metrics';

export const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics for Prometheus, only with `Authorization: Bearer <METRICS_TOKEN>`: the figures say
 * how busy the site is and how much money waits, which is nobody else's business. Without a
 * token configured there is no such page (404).
 */
export function metricsEndpoint(options: { token: string | null; metrics: Metrics }): Middleware<HttpState> {
  const expected = options.token ? digest(options.token) : null;
  return async (ctx, next) => {
    if (ctx.path !== METRICS_PATH) return next();
    ctx.set('Cache-Control', 'no-store');
    if (!expected) {
      ctx.status = 404;
      ctx.body = { message: 'Not found' };
      return;
    }
    const given = /^Bearer ([^\s]+)$/i.exec(ctx.get('Authorization'))?.[1];
    // Digests of equal length, compared in constant time: the answer's timing tells nothing of the token.
    if (!given || !timingSafeEqual(digest(given), expected)) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
      ctx.body = { message: 'The metrics need the bearer token the server was configured with' };
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      ctx.body = { message: 'Method not allowed' };
      return;
    }
    const { contentType, text } = await options.metrics.exposition();
    ctx.set('Content-Type', contentType);
    ctx.body = text;
  };
}
