import Router from '@koa/router';
import type { ImageSanitizer } from '@core/ports/image-sanitizer';
import type { PhotoStore } from '@core/ports/photo-store';
import type { Repositories } from '@core/ports/repositories';
import { registrySharePicture, SHARE_PICTURE_TYPE } from '@core/photo/share-picture';
import { QueueFullError, type BoundedQueue } from '../bounded-queue';
import type { HttpState } from '../http-state';
import { PHOTO_QUEUE_LIMIT, type Metrics } from '../metrics';
import { presentMessage } from '../presenters/registries';

/**
 * A chat app may keep the picture for an hour. A page names it with the photo and focal point in
 * its address (share-preview.ts), so a new photo or point is a new address, not a stale picture.
 */
const SHARE_PICTURE_CACHE_CONTROL = 'public, max-age=3600';

const SHARE_PICTURE_ROUTE = '/api/registries/:id/share-picture';

/** Where a registry's share picture is answered: its link preview's og:image (share-preview.ts). */
export function sharePicturePath(registryId: string): string {
  return SHARE_PICTURE_ROUTE.replace(':id', encodeURIComponent(registryId));
}

const BUSY = { retryAfterSeconds: 5, message: 'Many photos are being prepared right now. Please try again in a few seconds.' };

/**
 * The picture of a registry's link preview (core/photo/share-picture.ts). Making one decodes the
 * photo, so it waits its turn with the uploads' decoding; once made, it is kept and read without
 * waiting.
 */
export function sharePictureRoutes(ports: {
  registries: Pick<Repositories['registries'], 'findById'>;
  photos: PhotoStore;
  sanitizer: ImageSanitizer;
  queue: BoundedQueue;
  metrics: Metrics;
}) {
  const router = new Router<HttpState>();

  router.get(SHARE_PICTURE_ROUTE, async (ctx) => {
    try {
      const picture = await registrySharePicture(ctx.params.id ?? '', { ...ports, decodeInTurn: (work) => ports.queue.run(work) });
      ctx.set('Cache-Control', SHARE_PICTURE_CACHE_CONTROL);
      // Another site may show it, as it may the photos themselves (middleware/uploaded-photos.ts).
      ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
      ctx.type = SHARE_PICTURE_TYPE;
      ctx.body = Buffer.from(picture);
    } catch (error) {
      if (!(error instanceof QueueFullError)) throw error;
      ports.metrics.limitRefused(PHOTO_QUEUE_LIMIT);
      ctx.status = 503;
      ctx.set('Retry-After', String(BUSY.retryAfterSeconds));
      ctx.body = presentMessage(BUSY);
    }
  });

  return router;
}
