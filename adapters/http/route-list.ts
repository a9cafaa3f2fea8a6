import type Koa from 'koa';
import type Router from '@koa/router';

export interface RouteEntry {
  method: string;
  path: string;
}

/** Every method and path the app's routers answer, read from the routers themselves. */
export function listRoutes(app: Koa<never>): RouteEntry[] {
  const routes: RouteEntry[] = [];
  for (const middleware of app.middleware) {
    const router = (middleware as { router?: Router }).router;
    if (!router) continue;
    for (const layer of router.stack) {
      for (const method of layer.methods) {
        if (method !== 'HEAD') routes.push({ method, path: String(layer.path) });
      }
    }
  }
  return routes;
}
