import send from 'koa-send';
import type { Middleware } from 'koa';
import { isStoredPhotoName } from '@core/photo/photo-name';
import type { HttpState } from '../http-state';

/**
 * Serves photos kept on local disk, and their smaller copies, at /uploads/<name>; only server-made names, never a path.
 * They are the one thing other origins may embed (Cross-Origin-Resource-Policy: cross-origin): a
 * thank-you card's photos are shown by whatever mail client opens it, on its own origin. Everything
 * else keeps the same-origin policy of securityHeaders.
 */
export function uploadedPhotos(directory: string): Middleware<HttpState> {
  return async (ctx, next) => {
    const name = ctx.path.startsWith('/uploads/') ? ctx.path.slice('/uploads/'.length) : '';
    if (!isStoredPhotoName(name) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    try {
      await send(ctx, name, { root: directory, immutable: true, maxage: 365 * 24 * 60 * 60 * 1000 });
      ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    } catch (error) {
      if ((error as { status?: number }).status !== 404) throw error;
      ctx.status = 404;
      ctx.body = { message: 'Not found' };
    }
  };
}
