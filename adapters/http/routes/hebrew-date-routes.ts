import Router from '@koa/router';
import { lookUpHebrewDate } from '@core/registry/look-up-hebrew-date';
import type { HttpState } from '../http-state';
import { presentHebrewDate } from '../presenters/hebrew-dates';

export function hebrewDateRoutes() {
  const router = new Router<HttpState>();

  router.get('/api/hebrew-date', async (ctx) => {
    ctx.body = presentHebrewDate(await lookUpHebrewDate(ctx.query));
  });

  return router;
}
