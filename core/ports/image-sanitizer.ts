export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

export interface SanitizedImage {
  bytes: Uint8Array;
  contentType: PhotoType;
  extension: 'jpg' | 'png' | 'gif' | 'webp';
}

/**
 * Decides what an upload really is from its bytes (never its name or declared type) and re-encodes
 * it so that location and other metadata are gone. Fails with photo.unsupported_type for anything
 * that is not a JPEG, PNG, GIF or WebP image, and photo.unreadable for a broken one.
 */
export interface ImageSanitizer {
  sanitize(bytes: Uint8Array): Promise<SanitizedImage>;
}
