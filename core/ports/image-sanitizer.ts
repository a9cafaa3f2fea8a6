import type { PhotoCopyFormat } from '../model/photo-variants';

/** A rectangle of a photo, in whole pixels. */
export interface PhotoArea {
  left: number;
  top: number;
  width: number;
  height: number;
}

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

export interface SanitizedImage {
  bytes: Uint8Array;
  contentType: PhotoType;
  extension: 'jpg' | 'png' | 'gif' | 'webp';
  /** In pixels, as stored (after orientation and scaling down). */
  width: number;
  height: number;
  /** An animated GIF or WebP: kept as it is, with no smaller copies. */
  animated: boolean;
}

/**
 * Decides what an upload really is from its bytes (never its name or declared type) and re-encodes
 * it so that location and other metadata are gone. Fails with photo.unsupported_type for anything
 * that is not a JPEG, PNG, GIF or WebP image, and photo.unreadable for a broken one.
 */
export interface ImageSanitizer {
  sanitize(bytes: Uint8Array): Promise<SanitizedImage>;
  /** A copy of an already sanitized still image, scaled to this width (never enlarged), in this format. */
  copy(bytes: Uint8Array, width: number, format: PhotoCopyFormat): Promise<Uint8Array>;
  /** An area of an already sanitized still image, scaled to exactly this size, as a JPEG (a link preview's picture). */
  crop(bytes: Uint8Array, area: PhotoArea, width: number, height: number): Promise<Uint8Array>;
}
