import Router from '@koa/router';
import type { CharityRepository } from '@core/ports/charity-repository';
import type { HttpState } from '../http-state';
import { presentCharity } from '../presenters/charities';

export function charityRoutes(ports: { charities: CharityRepository }) {
  const router = new Router<HttpState>();
  router.get('/api/charities', async (ctx) => {
    ctx.body = (await ports.charities.listActive()).map(presentCharity);
  });
  return router;
}
