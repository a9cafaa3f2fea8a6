import Router from '@koa/router';
import { changeCurrency } from '@core/registry/change-currency';
import { createRegistry } from '@core/registry/create-registry';
import { deleteRegistry } from '@core/registry/delete-registry';
import { listMyRegistries, listRecentlyCreatedRegistries, searchRegistries } from '@core/registry/list-registries';
import { updateRegistry } from '@core/registry/update-registry';
import { viewRegistry, viewRegistryByShortCode } from '@core/registry/view-registry';
import type { PhotoStore } from '@core/ports/photo-store';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import type { HttpState } from '../http-state';
import { presentCurrencyChanged, presentManagedRegistry, presentMessage, presentMyRegistry, presentRegistry, presentRegistrySummary } from '../presenters/registries';

export function registryRoutes(ports: { repositories: Repositories & UnitOfWork; photos: PhotoStore; newShortCode: () => string }) {
  const router = new Router<HttpState>({ prefix: '/api' });
  const { repositories } = ports;

  router.post('/registries', async (ctx) => {
    const registry = await createRegistry(ctx.request.body, { ...repositories, ...ports, user: ctx.state.user });
    ctx.status = 201;
    ctx.body = presentRegistry(await viewRegistry(registry.id, { ...repositories, user: ctx.state.user }));
  });

  // Before '/registries/:id', which would otherwise take 'my', 'search' and 'recent' for ids.
  router.get('/registries/my', async (ctx) => {
    const mine = await listMyRegistries({ ...repositories, user: ctx.state.user });
    ctx.body = mine.map(presentMyRegistry);
  });

  router.get('/registries/search', async (ctx) => {
    const found = await searchRegistries(ctx.query.q, repositories);
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
    const registry = await updateRegistry(ctx.params.id ?? '', ctx.request.body, { ...repositories, photos: ports.photos, user: ctx.state.user });
    ctx.body = presentManagedRegistry(await viewRegistry(registry.id, { ...repositories, user: ctx.state.user }));
  });

  router.patch('/registries/:id/currency', async (ctx) => {
    ctx.body = presentCurrencyChanged(await changeCurrency(ctx.params.id ?? '', ctx.request.body, { user: ctx.state.user, unitOfWork: repositories }));
  });

  router.delete('/registries/:id', async (ctx) => {
    ctx.body = presentMessage(await deleteRegistry(ctx.params.id ?? '', { user: ctx.state.user, unitOfWork: repositories }));
  });

  return router;
}
