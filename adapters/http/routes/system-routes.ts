import Router from '@koa/router';
import type { HttpState } from '../http-state';

export interface PublicConfig {
  paymentProvider: 'sandbox' | 'stripe';
  stripePublishableKey: string | null;
  supportEmail: string;
  supportPhone: string;
}

export function systemRoutes(ports: { publicConfig: PublicConfig; checkDatabase: () => Promise<void> }) {
  const router = new Router<HttpState>();

  router.get('/api/health', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    try {
      await ports.checkDatabase();
      ctx.body = { status: 'ok', database: 'ok' };
    } catch (error) {
      ctx.state.log.error({ err: error }, 'health check: database unavailable');
      ctx.status = 503;
      ctx.body = { status: 'unavailable', database: 'unavailable', message: 'The database is not answering' };
    }
  });

  router.get('/api/config', (ctx) => {
    ctx.body = ports.publicConfig;
  });

  return router;
}
