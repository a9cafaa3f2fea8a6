import { Writable } from 'node:stream';
import Koa from 'koa';
import type { HttpState } from '../../adapters/http/http-state';
import { createLogger } from '../../adapters/http/logger';
import { errorHandler } from '../../adapters/http/middleware/errors';

/**
 * A bare Koa app as the server's first middleware leave it (a request id, a logger, no user, the
 * error handler), with every log line it writes kept; a test adds the routes it is about.
 */
export function koaAppWithErrors() {
  const logs: string[] = [];
  const logger = createLogger('debug', new Writable({ write: (chunk, _encoding, done) => (logs.push(String(chunk)), done()) }));
  const app = new Koa<HttpState>();
  app.silent = true;
  app.use(async (ctx, next) => {
    ctx.state.requestId = 'test-request';
    ctx.state.log = logger.child({ requestId: 'test-request' });
    ctx.state.user = null;
    await next();
  });
  app.use(errorHandler({ failed: () => undefined }));
  return { app, logs };
}
