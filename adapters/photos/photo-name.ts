import type { PhotoType } from '../../core/ports/image-sanitizer';

/**
 * The only names a photo store accepts: what the upload use case makes, `<uuid>.<extension>`.
 * Nothing else (no slash, no `..`, no query, no other extension) can reach a disk path or a bucket key.
 */
const PHOTO_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|gif|webp)$/;

const TYPE_OF_EXTENSION: Record<string, PhotoType> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

export function isPhotoName(name: string): boolean {
  return PHOTO_NAME.test(name);
}

/**
 * Refuses a name that is not server-made, or a content type that disagrees with the name's extension
 * (the local disk serves by extension, so the two must agree). Both are programming errors, not user input.
 */
export function assertPhotoName(name: string, contentType: string): void {
  const match = PHOTO_NAME.exec(name);
  if (!match) throw new Error(`Refusing to store a photo under an unsafe name: ${JSON.stringify(name)}`);
  const expected = TYPE_OF_EXTENSION[match[1] ?? ''];
  if (contentType !== expected) {
    throw new Error(`Content type ${JSON.stringify(contentType)} does not match photo name ${name}`);
  }
}

/** The name at the end of `${prefix}/<name>`, or null when the URL is anything else. */
export function photoNameUnder(prefix: string, url: string): string | null {
  if (!url.startsWith(`${prefix}/`)) return null;
  const name = url.slice(prefix.length + 1);
  return isPhotoName(name) ? name : null;
}
