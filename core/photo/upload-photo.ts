import { DomainError } from '../errors';
import type { ImageSanitizer } from '../ports/image-sanitizer';
import type { PhotoStore, StoredPhoto } from '../ports/photo-store';
import { MAX_PHOTO_BYTES } from './photo-limits';
import { askingPhotoStore } from './photo-store-unavailable';
import { PHOTO_COPY_FORMATS, photoCopyContentType, photoCopyName, photoCopyWidths, sizedPhotoName } from '../model/photo-variants';

/**
 * Checks, cleans and stores one uploaded photo under a name the server makes, with its smaller
 * WebP and AVIF copies beside it (photo-variants.ts). The copies are stored first, so a URL handed
 * out always has its copies. An animated image is kept alone, as it came.
 */
export async function uploadPhoto(
  bytes: Uint8Array,
  ports: { sanitizer: ImageSanitizer; photos: PhotoStore; newId: () => string },
): Promise<StoredPhoto> {
  if (bytes.length === 0) throw new DomainError('photo.unreadable', 'The file is empty');
  if (bytes.length > MAX_PHOTO_BYTES) throw new DomainError('photo.too_large', 'File exceeds 10MB limit');
  const image = await ports.sanitizer.sanitize(bytes);
  const id = ports.newId();
  if (image.animated) return askingPhotoStore(() => ports.photos.save(`${id}.${image.extension}`, image.bytes, image.contentType));

  const { width, height } = image;
  const copies = photoCopyWidths(width).flatMap((copyWidth) => PHOTO_COPY_FORMATS.map((format) => ({ copyWidth, format })));
  const encoded = await Promise.all(copies.map(({ copyWidth, format }) => ports.sanitizer.copy(image.bytes, copyWidth, format)));
  return askingPhotoStore(async () => {
    for (const [index, { copyWidth, format }] of copies.entries()) {
      await ports.photos.save(
        photoCopyName(id, width, height, copyWidth, format),
        encoded[index] as Uint8Array,
        photoCopyContentType(format),
      );
    }
    return ports.photos.save(sizedPhotoName(id, width, height, image.extension), image.bytes, image.contentType);
  });
}
