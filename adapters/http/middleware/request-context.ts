import type { Middleware } from 'koa';
import type { HttpState } from '../http-state';
import type { Logger } from '../logger';
import { loggedPath } from '../logged-path';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives each request an id (a load balancer's X-Request-Id when it looks sane), a logger that
 * stamps every line with it, and one summary line when the request ends. Only the path is logged
 * (a personal link's token redacted, see logged-path.ts), never the query string or the body.
 *
 * Most requests log nothing but the summary, so their child logger (which pino builds at some
 * cost) is made on first use; the summary names the id itself and reads the same either way.
 */
export function requestContext(logger: Logger): Middleware<HttpState> {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    ctx.state.requestId = requestId;
    let child: Logger | undefined;
    Object.defineProperty(ctx.state, 'log', {
      configurable: true,
      enumerable: true,
      get: () => (child ??= logger.child({ requestId })),
    });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      const summary = { method: ctx.method, path: loggedPath(ctx.path), status: ctx.status, ms: Math.round(performance.now() - started) };
      if (child) child.info(summary, 'request');
      else logger.info({ requestId, ...summary }, 'request');
    }
  };
}
