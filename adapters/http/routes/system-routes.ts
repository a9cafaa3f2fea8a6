import Router from '@koa/router';
import { openApiDocument } from '@api/openapi';
import type { PublicConfig } from '@api/system';
import type { HttpState } from '../http-state';
import { presentConfig, presentHealthy, presentUnhealthy } from '../presenters/system';

export type { PublicConfig };

export function systemRoutes(ports: { publicConfig: PublicConfig; checkDatabase: () => Promise<void> }) {
  const router = new Router<HttpState>();

  router.get('/api/health', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    try {
      await ports.checkDatabase();
      ctx.body = presentHealthy();
    } catch (error) {
      ctx.state.log.error({ err: error }, 'health check: database unavailable');
      ctx.status = 503;
      ctx.body = presentUnhealthy();
    }
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
