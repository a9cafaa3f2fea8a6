import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import Router from '@koa/router';
import formidable, { errors as formidableErrors, type File } from 'formidable';
import { isDomainError } from '@core/errors';
import type { ImageSanitizer } from '@core/ports/image-sanitizer';
import type { PhotoStore } from '@core/ports/photo-store';
import { MAX_PHOTO_BYTES } from '@core/photo/photo-limits';
import { uploadPhoto } from '@core/photo/upload-photo';
import { requireSignedIn } from '@core/registry/registry-access';
import { countAttempt, type AttemptLimits } from '../attempt-limiter';
import { ERROR_STATUS } from '../error-status';
import type { HttpContext, HttpState } from '../http-state';
import { presentUploadedPhoto, presentUploadError, uploadRefusals } from '../presenters/uploads';

/** Reads the one `file` field of a multipart body into memory, within the size limit. */
async function readUploadedFile(ctx: HttpContext): Promise<Uint8Array> {
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
  const all: File[] = Object.values(files).flat().filter((file): file is File => Boolean(file));
  try {
    const file = files.file?.[0];
    if (!file || all.length !== 1) throw uploadRefusals.notOnePhoto();
    return new Uint8Array(await readFile(file.filepath));
  } finally {
    await Promise.all(all.map((file) => rm(file.filepath, { force: true })));
  }
}

export function uploadRoutes(ports: { photos: PhotoStore; sanitizer: ImageSanitizer; limits: AttemptLimits }) {
  const router = new Router<HttpState>();

  router.post('/api/objects/upload', async (ctx) => {
    try {
      // Strangers may not make us read 10 MB: the account is checked before the body.
      const user = requireSignedIn(ctx.state.user);
      await countAttempt([[ports.limits.uploadsPerAccount, user.id]], 'photo uploads');
      const bytes = await readUploadedFile(ctx);
      const photo = await uploadPhoto(bytes, { ...ports, newId: () => crypto.randomUUID() });
      ctx.status = 201;
      ctx.body = presentUploadedPhoto(photo);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      ctx.status = ERROR_STATUS[error.code];
      const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter) ctx.set('Retry-After', String(retryAfter));
      ctx.body = presentUploadError(error);
      // A refused upload's remaining bytes are not worth reading; close once the answer is out.
      if (!ctx.req.complete) ctx.set('Connection', 'close');
    }
  });

  return router;
}
