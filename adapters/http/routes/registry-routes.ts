import Router from '@koa/router';
import { changeCurrency } from '@core/registry/change-currency';
import { createRegistry } from '@core/registry/create-registry';
import { deleteRegistry } from '@core/registry/delete-registry';
import { listMyRegistries, listRecentlyCreatedRegistries, searchRegistries } from '@core/registry/list-registries';
import { updateRegistry } from '@core/registry/update-registry';
import { viewRegistry, viewRegistryByShortCode } from '@core/registry/view-registry';
import type { PaymentGateway } from '@core/ports/payment-gateway';
import type { PhotoStore } from '@core/ports/photo-store';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
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

export function registryRoutes(ports: {
  repositories: Repositories & UnitOfWork;
  photos: PhotoStore;
  newShortCode: () => string;
  gateway: PaymentGateway;
  limits: AttemptLimits;
  appUrl: string;
  supportEmail: string;
}) {
  const router = new Router<HttpState>({ prefix: '/api' });
  const { repositories } = ports;
  // Deleting and changing the currency give up a stranger's unpaid gifts first (at the provider too).
  const settling = (ctx: { state: HttpState }) => ({
    user: ctx.state.user,
    unitOfWork: repositories,
    registries: repositories.registries,
    gifts: repositories.gifts,
    gateway: ports.gateway,
    appUrl: ports.appUrl,
    supportEmail: ports.supportEmail,
  });

  router.post('/registries', async (ctx) => {
    const user = ctx.state.user;
    // A family opens a few registries; an account opening dozens is filling the public lists.
    const perAccount: Counter[] = user
      ? [
          [ports.limits.registryCreationsPerAccount, user.id],
          [ports.limits.registryCreationsPerAccountPerDay, user.id],
        ]
      : [];
    await countAttempt(perAccount, 'new registries from this account');
    let registry: Awaited<ReturnType<typeof createRegistry>>;
    try {
      registry = await createRegistry(ctx.request.body, { ...repositories, ...ports, user });
    } catch (error) {
      // A form still to be corrected created nothing, so it does not spend the family's tries.
      if (isDomainError(error) && error.code === 'validation.failed') await uncountAttempt(perAccount);
      throw error;
    }
    ctx.status = 201;
    ctx.body = presentRegistry(await viewRegistry(registry.id, { ...repositories, user: ctx.state.user }));
  });

  // Before '/registries/:id', which would otherwise take 'my', 'search' and 'recent' for ids.
  router.get('/registries/my', async (ctx) => {
    const mine = await listMyRegistries({ ...repositories, user: ctx.state.user });
    ctx.body = mine.map(presentMyRegistry);
  });

  router.get('/registries/search', async (ctx) => {
    const network = networkOf(ctx.ip);
    await countAttempt([[ports.limits.searchesPerNetwork, network]], SEARCHES);
    const listed: Counter = [ports.limits.searchResultsPerNetwork, network];
    const found = await searchRegistries(ctx.query.q, repositories, await leftOf(listed, SEARCHES));
    // Counted once known, in one statement: of two answers racing for the last few, one is refused.
    await countPoints(listed, found.length, SEARCHES);
    ctx.body = found.map(presentRegistrySummary);
  });

  // Anyone, like search: the card fields only, never money or givers.
  router.get('/registries/recent', async (ctx) => {
    const recent = await listRecentlyCreatedRegistries(repositories);
    ctx.body = recent.map(presentRegistrySummary);
  });

  // Not under /registries/: /registries/short/{code} would read like /registries/{id}/{something}.
  router.get('/short-links/:shortCode', async (ctx) => {
    ctx.body = presentRegistry(await viewRegistryByShortCode(ctx.params.shortCode ?? '', { ...repositories, user: ctx.state.user }));
  });

  router.get('/registries/:id', async (ctx) => {
    ctx.body = presentRegistry(await viewRegistry(ctx.params.id ?? '', { ...repositories, user: ctx.state.user }));
  });

  router.put('/registries/:id', async (ctx) => {
    const registry = await updateRegistry(ctx.params.id ?? '', ctx.request.body, {
      ...repositories,
      photos: ports.photos,
      user: ctx.state.user,
    });
    ctx.body = presentManagedRegistry(await viewRegistry(registry.id, { ...repositories, user: ctx.state.user }));
  });

  router.patch('/registries/:id/currency', async (ctx) => {
    ctx.body = presentCurrencyChanged(await changeCurrency(ctx.params.id ?? '', ctx.request.body, settling(ctx)));
  });

  router.delete('/registries/:id', async (ctx) => {
    ctx.body = presentMessage(await deleteRegistry(ctx.params.id ?? '', settling(ctx)));
  });

  return router;
}
