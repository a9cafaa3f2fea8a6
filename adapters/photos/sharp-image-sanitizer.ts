import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { DomainError } from '@core/errors';
import type { ImageSanitizer, PhotoArea, SanitizedImage } from '@core/ports/image-sanitizer';
import type { PhotoCopyFormat } from '@core/model/photo-variants';

/** Photos are shown at most this wide or tall, so bigger ones are scaled down to fit. */
const MAX_PHOTO_SIDE = 2400;

/** Decompression bombs: a small file that decodes to a huge bitmap is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

interface Format {
  contentType: SanitizedImage['contentType'];
  extension: SanitizedImage['extension'];
  /** How sharp names the format, to check that it reads the same thing file-type saw. */
  sharpFormat: 'jpeg' | 'png' | 'gif' | 'webp';
  animated: boolean;
}

const JPEG: Format = { contentType: 'image/jpeg', extension: 'jpg', sharpFormat: 'jpeg', animated: false };
const PNG: Format = { contentType: 'image/png', extension: 'png', sharpFormat: 'png', animated: false };
const GIF: Format = { contentType: 'image/gif', extension: 'gif', sharpFormat: 'gif', animated: true };
const WEBP: Format = { contentType: 'image/webp', extension: 'webp', sharpFormat: 'webp', animated: true };

/** What the bytes really are, as file-type reports it; nothing else is accepted. */
const FORMAT_OF_TYPE: Record<string, Format> = {
  'image/jpeg': JPEG,
  'image/png': PNG,
  // An animated PNG is a valid PNG: it is kept as its first frame (sharp cannot write APNG).
  'image/apng': PNG,
  'image/gif': GIF,
  'image/webp': WEBP,
};

const unsupported = () => new DomainError('photo.unsupported_type', 'Only JPEG, PNG, GIF or WebP images can be uploaded');
const unreadable = () => new DomainError('photo.unreadable', 'The image could not be read');
// Said before anything is decoded, from the header's width, height and frames.
const tooLarge = () =>
  new DomainError(
    'photo.too_large',
    'This photo has more pixels than we can take: at most 50 megapixels (8000 × 6000, say). Please choose a smaller one.',
  );

/**
 * Decides the type from the bytes with file-type, then re-encodes with sharp in the same format: the
 * EXIF orientation baked into the pixels, scaled down to fit 2400 x 2400, animation kept for GIF and
 * WebP. sharp writes no metadata unless asked (no keepMetadata/withMetadata/keepExif here), so EXIF
 * (GPS included), XMP, IPTC and ICC profiles are dropped; an embedded profile is first converted to sRGB.
 */
export class SharpImageSanitizer implements ImageSanitizer {
  async sanitize(bytes: Uint8Array): Promise<SanitizedImage> {
    const detected = await fileTypeFromBuffer(bytes);
    const format = detected ? FORMAT_OF_TYPE[detected.mime] : undefined;
    if (!format) throw unsupported();

    const options: SharpOptions = {
      animated: format.animated,
      limitInputPixels: MAX_INPUT_PIXELS,
      // Refuse truncated or broken pixel data; tolerate the harmless warnings some cameras cause.
      failOn: 'error',
    };

    let metadata: Metadata;
    try {
      metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
    } catch {
      throw unreadable();
    }
    // libvips picks its decoder by sniffing too; both must agree on what the bytes are.
    if (metadata.format !== format.sharpFormat) throw unsupported();
    const frames = format.animated ? (metadata.pages ?? 1) : 1;
    const pixels = metadata.width * (metadata.pageHeight ?? metadata.height) * frames;
    if (pixels > MAX_INPUT_PIXELS) throw tooLarge();

    try {
      const { data, info } = await sharp(bytes, options)
        .autoOrient()
        .resize({ width: MAX_PHOTO_SIDE, height: MAX_PHOTO_SIDE, fit: 'inside', withoutEnlargement: true })
        .toFormat(format.sharpFormat)
        .toBuffer({ resolveWithObject: true });
      return {
        bytes: data,
        contentType: format.contentType,
        extension: format.extension,
        width: info.width,
        // An animated image's info.height is every frame stacked; one frame is what a page shows.
        height: info.pageHeight ?? info.height,
        animated: frames > 1,
      };
    } catch {
      throw unreadable();
    }
  }

  async copy(bytes: Uint8Array, width: number, format: PhotoCopyFormat): Promise<Uint8Array> {
    const resized = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).resize({ width, withoutEnlargement: true });
    // Low effort: an upload waits for these, and the sizes differ little from the slowest settings.
    const encoded = format === 'avif' ? resized.avif({ quality: 55, effort: 2 }) : resized.webp({ quality: 78, effort: 3 });
    return encoded.toBuffer();
  }

  async crop(bytes: Uint8Array, area: PhotoArea, width: number, height: number): Promise<Uint8Array> {
    const picture = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .extract(area)
      .resize({ width, height, fit: 'fill' });
    // JPEG: what every chat app's link preview reads.
    return picture.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  }
}
