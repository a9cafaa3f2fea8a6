import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import Router from '@koa/router';
import formidable, { errors as formidableErrors, type File } from 'formidable';
import { isDomainError } from '@core/errors';
import type { ImageSanitizer } from '@core/ports/image-sanitizer';
import type { PhotoStore } from '@core/ports/photo-store';
import { MAX_PHOTO_BYTES } from '@core/photo/photo-limits';
import { uploadPhoto } from '@core/photo/upload-photo';
import { requireSignedIn } from '@core/access/registry-access';
import { countAttempt, type AttemptLimits } from '../attempt-limiter';
import { QueueFullError, type BoundedQueue } from '../bounded-queue';
import { discardRequestBody } from '../discard-request-body';
import { PHOTO_QUEUE_LIMIT, type Metrics } from '../metrics';
import { answerDomainError } from '../middleware/errors';
import type { HttpContext, HttpState } from '../http-state';
import { presentUploadedPhoto, presentUploadError, uploadRefusals } from '../presenters/uploads';

/** A refused upload's body is read and thrown away up to this much (the photo and its form), so the client reads the answer. */
const DISCARDED_BODY_LIMIT = MAX_PHOTO_BYTES + 1024 * 1024;

/** What a client is told when photos are already being decoded as fast as memory allows. */
const BUSY = { retryAfterSeconds: 5, message: 'Many photos are being uploaded right now. Please try again in a few seconds.' };

/**
 * Receives the one `file` field of a multipart body, within the size limit, onto disk (not into
 * memory: an upload waiting for its turn to be decoded holds no memory), and hands back its path.
 * The caller removes it with `discard`.
 */
async function receiveUploadedFile(ctx: HttpContext): Promise<{ path: string; discard: () => Promise<void> }> {
  if (!ctx.is('multipart/form-data')) {
    throw uploadRefusals.notMultipart();
  }
  const form = formidable({
    uploadDir: tmpdir(),
    maxFiles: 1,
    maxFields: 5,
    maxFileSize: MAX_PHOTO_BYTES,
    maxTotalFileSize: MAX_PHOTO_BYTES,
    allowEmptyFiles: false,
    minFileSize: 1,
  });
  let files: formidable.Files;
  try {
    [, files] = await form.parse(ctx.req);
  } catch (error) {
    const code = (error as { code?: number }).code;
    if (code === formidableErrors.biggerThanMaxFileSize || code === formidableErrors.biggerThanTotalMaxFileSize) {
      throw uploadRefusals.tooLarge();
    }
    throw uploadRefusals.unreadable();
  }
  const all: File[] = Object.values(files)
    .flat()
    .filter((file): file is File => Boolean(file));
  const discard = async () => {
    await Promise.all(all.map((file) => rm(file.filepath, { force: true })));
  };
  const file = files.file?.[0];
  if (!file || all.length !== 1) {
    await discard();
    throw uploadRefusals.notOnePhoto();
  }
  return { path: file.filepath, discard };
}

export function uploadRoutes(ports: {
  photos: PhotoStore;
  sanitizer: ImageSanitizer;
  limits: AttemptLimits;
  queue: BoundedQueue;
  metrics: Metrics;
}) {
  const router = new Router<HttpState>();

  router.post('/api/objects/upload', async (ctx) => {
    try {
      // The account is checked before the body: a stranger's upload is never parsed, stored or decoded.
      const user = requireSignedIn(ctx.state.user);
      await countAttempt([[ports.limits.uploadsPerAccount, user.id]], 'photo uploads');
      const received = await receiveUploadedFile(ctx);
      try {
        const photo = await ports.queue.run(async () =>
          uploadPhoto(new Uint8Array(await readFile(received.path)), { ...ports, newId: () => crypto.randomUUID() }),
        );
        ctx.status = 201;
        ctx.body = presentUploadedPhoto(photo);
      } finally {
        await received.discard();
      }
    } catch (error) {
      if (error instanceof QueueFullError) {
        ports.metrics.limitRefused(PHOTO_QUEUE_LIMIT);
        ctx.status = 503;
        ctx.set('Retry-After', String(BUSY.retryAfterSeconds));
        ctx.body = presentUploadError({ message: BUSY.message });
        return;
      }
      if (!isDomainError(error)) throw error;
      answerDomainError(ctx, error);
      ctx.body = presentUploadError(error);
      // Answering while the client still sends would reach it as a broken pipe, not as this answer:
      // the rest is read and dropped first (up to the limit; beyond it, the connection closes).
      if (!(await discardRequestBody(ctx.req, DISCARDED_BODY_LIMIT))) ctx.set('Connection', 'close');
    }
  });

  return router;
}
