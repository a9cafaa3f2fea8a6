import type { PhotoType } from '../ports/image-sanitizer';

/**
 * The only names a photo store accepts, all made by the upload use case:
 *
 * - an original, `<uuid>.<extension>`, or `<uuid>-<width>x<height>.<extension>` when smaller
 *   copies were made next to it (the size tells a page the photo's proportions before it loads);
 * - a copy, `<uuid>-<width>x<height>-<copy width>w.<webp|avif>` (see photo-variants.ts);
 * - a link preview's picture, `<uuid>-<width>x<height>-share-<x>-<y>.jpg` (see share-picture.ts).
 *
 * Nothing else (no slash, no `..`, no query, no other extension) can reach a disk path or a bucket key.
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const SIZE = '[1-9][0-9]{0,4}x[1-9][0-9]{0,4}';
const ORIGINAL_NAME = new RegExp(`^${UUID}(?:-${SIZE})?\\.(jpg|png|gif|webp)$`);
const COPY_NAME = new RegExp(`^${UUID}-${SIZE}-[1-9][0-9]{0,4}w\\.(webp|avif)$`);
const PERCENT = '(?:0|[1-9][0-9]?|100)';
const SHARE_NAME = new RegExp(`^${UUID}-${SIZE}-share-${PERCENT}-${PERCENT}\\.(jpg)$`);

const TYPE_OF_EXTENSION: Record<string, PhotoType | 'image/avif'> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** An uploaded photo's own name: what records point at. */
export function isPhotoName(name: string): boolean {
  return ORIGINAL_NAME.test(name);
}

/** Any name a store keeps: an original, one of its smaller copies or its share picture. */
export function isStoredPhotoName(name: string): boolean {
  return ORIGINAL_NAME.test(name) || COPY_NAME.test(name) || SHARE_NAME.test(name);
}

/**
 * Refuses a name that is not server-made, or a content type that disagrees with the name's extension
 * (the local disk serves by extension, so the two must agree). Both are programming errors, not user input.
 */
export function assertPhotoName(name: string, contentType: string): void {
  const match = ORIGINAL_NAME.exec(name) ?? COPY_NAME.exec(name) ?? SHARE_NAME.exec(name);
  if (!match) throw new Error(`Refusing to store a photo under an unsafe name: ${JSON.stringify(name)}`);
  const expected = TYPE_OF_EXTENSION[match[1] ?? ''];
  if (contentType !== expected) {
    throw new Error(`Content type ${JSON.stringify(contentType)} does not match photo name ${name}`);
  }
}

/** The photo's own name at the end of `${prefix}/<name>`, or null when the URL is anything else. */
export function photoNameUnder(prefix: string, url: string): string | null {
  const name = storedPhotoNameUnder(prefix, url);
  return name !== null && isPhotoName(name) ? name : null;
}

/** Any stored name at the end of `${prefix}/<name>` (a photo, a copy, a share picture), or null. */
export function storedPhotoNameUnder(prefix: string, url: string): string | null {
  if (!url.startsWith(`${prefix}/`)) return null;
  const name = url.slice(prefix.length + 1);
  return isStoredPhotoName(name) ? name : null;
}

/** The id every stored name of a photo begins with (its copies and share pictures too), from an original's name; null for any other. */
export function photoIdOf(name: string): string | null {
  return ORIGINAL_NAME.test(name) ? name.slice(0, 36) : null;
}
