import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import Router from '@koa/router';
import formidable, { errors as formidableErrors, type File } from 'formidable';
import { DomainError, isDomainError } from '../../../core/errors';
import type { ImageSanitizer } from '../../../core/ports/image-sanitizer';
import type { PhotoStore } from '../../../core/ports/photo-store';
import { MAX_PHOTO_BYTES, uploadPhoto } from '../../../core/photo/upload-photo';
import { requireSignedIn } from '../../../core/registry/registry-access';
import { countAttempt, refuseWhenExhausted, type AttemptLimits } from '../attempt-limiter';
import { ERROR_STATUS } from '../error-status';
import type { HttpContext, HttpState } from '../http-state';

/** Reads the one `file` field of a multipart body into memory, within the size limit. */
async function readUploadedFile(ctx: HttpContext): Promise<Uint8Array> {
  if (!ctx.is('multipart/form-data')) {
    throw new DomainError('validation.failed', 'Send the photo as multipart/form-data in a field named file');
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
      throw new DomainError('photo.too_large', 'File exceeds 10MB limit');
    }
    throw new DomainError('validation.failed', 'The upload could not be read; send one photo in a field named file');
  }
  const all: File[] = Object.values(files).flat().filter((file): file is File => Boolean(file));
  try {
    const file = files.file?.[0];
    if (!file || all.length !== 1) throw new DomainError('validation.failed', 'Send exactly one photo in a field named file');
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
      const perAccount: [typeof ports.limits.uploadsPerAccount, string][] = [[ports.limits.uploadsPerAccount, user.id]];
      await refuseWhenExhausted(perAccount, 'photo uploads');
      await countAttempt(perAccount);
      const bytes = await readUploadedFile(ctx);
      const photo = await uploadPhoto(bytes, { ...ports, newId: () => crypto.randomUUID() });
      ctx.status = 201;
      ctx.body = { photoUrl: photo.url };
    } catch (error) {
      // The upload widget reads `error` (spec section 3); `message` keeps the generic rule working.
      if (!isDomainError(error)) throw error;
      ctx.status = ERROR_STATUS[error.code];
      ctx.body = { message: error.message, error: error.message };
      // A refused upload's remaining bytes are not worth reading; close once the answer is out.
      if (!ctx.req.complete) ctx.set('Connection', 'close');
    }
  });

  return router;
}
