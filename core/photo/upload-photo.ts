import { DomainError } from '../errors';
import type { ImageSanitizer } from '../ports/image-sanitizer';
import type { PhotoStore, StoredPhoto } from '../ports/photo-store';

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** Checks, cleans and stores one uploaded photo under a name the server makes. */
export async function uploadPhoto(
  bytes: Uint8Array,
  ports: { sanitizer: ImageSanitizer; photos: PhotoStore; newId: () => string },
): Promise<StoredPhoto> {
  if (bytes.length === 0) throw new DomainError('photo.unreadable', 'The file is empty');
  if (bytes.length > MAX_PHOTO_BYTES) throw new DomainError('photo.too_large', 'File exceeds 10MB limit');
  const image = await ports.sanitizer.sanitize(bytes);
  return ports.photos.save(`${ports.newId()}.${image.extension}`, image.bytes, image.contentType);
}
