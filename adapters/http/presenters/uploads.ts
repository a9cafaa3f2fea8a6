import type { Wire } from '@api/json-schema';
import { DomainError } from '@core/errors';
import type { uploadedPhotoSchema, uploadErrorSchema } from '@api/uploads';

/** What the upload refuses, in the words the upload widget shows. */
export const uploadRefusals = {
  notMultipart: () => new DomainError('validation.failed', 'Send the photo as multipart/form-data in a field named file'),
  tooLarge: () => new DomainError('photo.too_large', 'File exceeds 10MB limit'),
  unreadable: () => new DomainError('validation.failed', 'The upload could not be read; send one photo in a field named file'),
  notOnePhoto: () => new DomainError('validation.failed', 'Send exactly one photo in a field named file'),
};

export function presentUploadedPhoto(photo: { url: string }) {
  return { photoUrl: photo.url } satisfies Wire<typeof uploadedPhotoSchema>;
}

/** The upload widget reads `error` (docs/product.md#answer-shapes); `message` keeps the generic rule working. */
export function presentUploadError(error: { message: string }) {
  return { message: error.message, error: error.message } satisfies Wire<typeof uploadErrorSchema>;
}
