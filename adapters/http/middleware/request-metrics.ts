import type { Middleware } from 'koa';
import type { HttpState } from '../http-state';
import type { Metrics } from '../metrics';

/**
 * The route an answer is counted under: the router's pattern (/api/registries/:id), never the raw
 * path, so a label cannot grow with every id, code or probe a client sends.
 */
function routeOf(ctx: { path: string; _matchedRoute?: unknown }): string {
  if (typeof ctx._matchedRoute === 'string') return ctx._matchedRoute;
  if (ctx.path.startsWith('/uploads/')) return '/uploads/:photo';
  if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return 'unmatched api';
  return 'web app';
}

/** Counts every answer with how long it took, after the error handler has chosen its status. */
export function requestMetrics(metrics: Metrics): Middleware<HttpState> {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      metrics.requestServed(
        { method: ctx.method, route: routeOf(ctx as unknown as { path: string; _matchedRoute?: unknown }), status: ctx.status },
        (performance.now() - started) / 1000,
      );
    }
  };
}
