import send from 'koa-send';
import type { Middleware } from 'koa';
import { isStoredPhotoName } from '@core/photo/photo-name';
import type { HttpState } from '../http-state';


/** Serves photos kept on local disk, and their smaller copies, at /uploads/<name>; only server-made names, never a path. */
export function uploadedPhotos(directory: string): Middleware<HttpState> {
  return async (ctx, next) => {
    const name = ctx.path.startsWith('/uploads/') ? ctx.path.slice('/uploads/'.length) : '';
    if (!isStoredPhotoName(name) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    try {
      await send(ctx, name, { root: directory, immutable: true, maxage: 365 * 24 * 60 * 60 * 1000 });
    } catch (error) {
      if ((error as { status?: number }).status !== 404) throw error;
      ctx.status = 404;
      ctx.body = { message: 'Not found' };
    }
  };
}
