import Router from '@koa/router';
import type { RegistryService } from '@core/registry/registry-service';
import { isDomainError } from '@core/errors';
import { countAttempt, countPoints, leftOf, networkOf, uncountAttempt, type AttemptLimits, type Counter } from '../attempt-limiter';
import type { HttpState } from '../http-state';
import {
  presentCurrencyChanged,
  presentManagedRegistry,
  presentMessage,
  presentMyRegistry,
  presentRegistry,
  presentRegistrySummary,
} from '../presenters/registries';

/** What a guest is told when a network has searched too much (countAttempt's "Too many …"). */
const SEARCHES = 'searches from this network';

export function registryRoutes(ports: { registries: RegistryService; limits: AttemptLimits }) {
  const router = new Router<HttpState>({ prefix: '/api' });
  const { registries, limits } = ports;

  router.post('/registries', async (ctx) => {
    const user = ctx.state.user;
    // A family opens a few registries; an account opening dozens is filling the public lists.
    const perAccount: Counter[] = user
      ? [
          [limits.registryCreationsPerAccount, user.id],
          [limits.registryCreationsPerAccountPerDay, user.id],
        ]
      : [];
    await countAttempt(perAccount, 'new registries from this account');
    let registry: Awaited<ReturnType<RegistryService['create']>>;
    try {
      registry = await registries.create(user, ctx.request.body);
    } catch (error) {
      // A form still to be corrected created nothing, so it does not spend the family's tries.
      if (isDomainError(error) && error.code === 'validation.failed') await uncountAttempt(perAccount);
      throw error;
    }
    ctx.status = 201;
    ctx.body = presentRegistry(await registries.view(ctx.state.user, registry.id));
  });

  // Before '/registries/:id', which would otherwise take 'my', 'search' and 'recent' for ids.
  router.get('/registries/my', async (ctx) => {
    const mine = await registries.listMine(ctx.state.user);
    ctx.body = mine.map(presentMyRegistry);
  });

  router.get('/registries/search', async (ctx) => {
    const network = networkOf(ctx.ip);
    await countAttempt([[limits.searchesPerNetwork, network]], SEARCHES);
    const listed: Counter = [limits.searchResultsPerNetwork, network];
    const found = await registries.search(ctx.query.q, await leftOf(listed, SEARCHES));
    // Counted once known, in one statement: of two answers racing for the last few, one is refused.
    await countPoints(listed, found.length, SEARCHES);
    ctx.body = found.map(presentRegistrySummary);
  });

  // Anyone, like search: the card fields only, never money or givers.
  router.get('/registries/recent', async (ctx) => {
    const recent = await registries.listRecent();
    ctx.body = recent.map(presentRegistrySummary);
  });

  // Not under /registries/: /registries/short/{code} would read like /registries/{id}/{something}.
  router.get('/short-links/:shortCode', async (ctx) => {
    ctx.body = presentRegistry(await registries.viewByShortCode(ctx.state.user, ctx.params.shortCode ?? ''));
  });

  router.get('/registries/:id', async (ctx) => {
    ctx.body = presentRegistry(await registries.view(ctx.state.user, ctx.params.id ?? ''));
  });

  router.put('/registries/:id', async (ctx) => {
    const registry = await registries.update(ctx.state.user, ctx.params.id ?? '', ctx.request.body);
    ctx.body = presentManagedRegistry(await registries.view(ctx.state.user, registry.id));
  });

  router.patch('/registries/:id/currency', async (ctx) => {
    ctx.body = presentCurrencyChanged(await registries.changeCurrency(ctx.state.user, ctx.params.id ?? '', ctx.request.body));
  });

  router.delete('/registries/:id', async (ctx) => {
    ctx.body = presentMessage(await registries.delete(ctx.state.user, ctx.params.id ?? ''));
  });

  return router;
}
