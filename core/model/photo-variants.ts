/**
 * Smaller copies of an uploaded photo, so a phone does not download a 2400-pixel original to show
 * it 360 pixels wide. Each copy is made in WebP and AVIF at each of these widths below the
 * photo's own, and at the photo's own width when that is under the largest; never enlarged.
 *
 * Pure, and shared with the web: the page works out from the photo's URL alone which copies
 * exist, so the registry's `photoUrl` stays the one address the spec gives it.
 */
export const PHOTO_COPY_WIDTHS = [480, 960, 1440] as const;
export const PHOTO_COPY_FORMATS = ['avif', 'webp'] as const;
export type PhotoCopyFormat = (typeof PHOTO_COPY_FORMATS)[number];

const CONTENT_TYPE: Record<PhotoCopyFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

export function photoCopyContentType(format: PhotoCopyFormat): string {
  return CONTENT_TYPE[format];
}

/** The widths of the copies of a photo this wide, smallest first. */
export function photoCopyWidths(width: number): number[] {
  const largest = PHOTO_COPY_WIDTHS[PHOTO_COPY_WIDTHS.length - 1] ?? 0;
  const widths: number[] = PHOTO_COPY_WIDTHS.filter((copy) => copy < width);
  if (width <= largest && !widths.includes(width)) widths.push(width);
  return widths;
}

/** The original's name when it has copies: `<id>-<width>x<height>.<extension>`. */
export function sizedPhotoName(id: string, width: number, height: number, extension: string): string {
  return `${id}-${width}x${height}.${extension}`;
}

/** A copy's name: `<id>-<width>x<height>-<copy width>w.<format>`. */
export function photoCopyName(id: string, width: number, height: number, copyWidth: number, format: PhotoCopyFormat): string {
  return `${id}-${width}x${height}-${copyWidth}w.${format}`;
}

export interface ResponsivePhoto {
  src: string;
  width: number;
  height: number;
  /** Best format first, as <picture> wants its <source>s. */
  sources: { type: string; srcSet: string }[];
}

const SIZED_NAME =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([1-9][0-9]{0,4})x([1-9][0-9]{0,4})\.(?:jpg|png|gif|webp)$/;

/**
 * What a page needs to show a photo well: its size and its copies. A photo uploaded before copies
 * were made (a name without a size) answers just its address, with no size and no copies.
 */
export function responsivePhoto(url: string): ResponsivePhoto | { src: string; width?: undefined; height?: undefined; sources: [] } {
  const slash = url.lastIndexOf('/');
  const base = url.slice(0, slash + 1);
  const match = SIZED_NAME.exec(url.slice(slash + 1));
  if (!match) return { src: url, sources: [] };
  const [, id = '', w = '', h = ''] = match;
  const width = Number(w);
  const height = Number(h);
  const widths = photoCopyWidths(width);
  const sources = PHOTO_COPY_FORMATS.map((format) => ({
    type: CONTENT_TYPE[format],
    srcSet: widths.map((copy) => `${base}${photoCopyName(id, width, height, copy, format)} ${copy}w`).join(', '),
  }));
  return { src: url, width, height, sources };
}
