import Router from '@koa/router';
import { openApiDocument } from '@api/openapi';
import type { PublicConfig } from '@api/system';
import type { HttpState } from '../http-state';
import { presentAlive, presentConfig, presentHealthy, presentShuttingDown, presentUnhealthy } from '../presenters/system';

export type { PublicConfig };

export function systemRoutes(ports: { publicConfig: PublicConfig; checkDatabase: () => Promise<void>; shuttingDown: () => boolean }) {
  const router = new Router<HttpState>();

  // Readiness: whether a balancer should send this instance requests. It fails first thing on
  // SIGTERM, while the instance still answers what it is sent, so the balancer stops sending
  // before the instance stops listening.
  router.get('/api/health', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (ports.shuttingDown()) {
      ctx.status = 503;
      ctx.body = presentShuttingDown();
      return;
    }
    try {
      await ports.checkDatabase();
      ctx.body = presentHealthy();
    } catch (error) {
      ctx.state.log.error({ err: error }, 'health check: database unavailable');
      ctx.status = 503;
      ctx.body = presentUnhealthy();
    }
  });

  // Liveness: whether the process itself is well, whatever the database does, so that a database
  // blip takes instances out of the balancer (readiness) without restarting every one of them.
  router.get('/api/health/live', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentAlive();
  });

  router.get('/api/config', (ctx) => {
    ctx.body = presentConfig(ports.publicConfig);
  });

  const description = openApiDocument();
  router.get('/api/openapi.json', (ctx) => {
    ctx.body = description;
  });

  return router;
}
