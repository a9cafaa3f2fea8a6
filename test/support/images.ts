import sharp, { type Sharp } from 'sharp';

/**
 * Real images made with sharp at test time, so no binary fixtures live in the repository.
 * Every builder answers a Buffer (a Uint8Array), as an upload's bytes would arrive.
 */

/** Where the photo was "taken": the Western Wall, in EXIF's degrees/minutes/seconds rationals. */
export const GPS_EXIF = {
  IFD0: { Make: 'PhoneCo', Model: 'Pocket 12' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 46/1 36/1', GPSLongitudeRef: 'E', GPSLongitude: '35/1 14/1 4/1' },
};

interface Size {
  width?: number;
  height?: number;
}

function canvas({ width = 64, height = 48 }: Size, background = { r: 30, g: 90, b: 200 }) {
  return sharp({ create: { width, height, channels: 3, background } });
}

/** A JPEG carrying EXIF GPS tags, a camera make and model, and optionally an EXIF orientation (1-8). */
export function jpegWithGps(options: Size & { orientation?: number } = {}): Promise<Buffer> {
  const image = canvas(options).jpeg();
  if (options.orientation !== undefined) image.withMetadata({ orientation: options.orientation });
  return image.withExif(GPS_EXIF).toBuffer();
}

export function pngBytes(size: Size = {}): Promise<Buffer> {
  return canvas(size, { r: 200, g: 40, b: 40 }).png().toBuffer();
}

const FRAME_COLOURS = [
  { r: 255, g: 0, b: 0 },
  { r: 0, g: 255, b: 0 },
  { r: 0, g: 0, b: 255 },
  { r: 255, g: 255, b: 0 },
];

async function animated(size: Size, frames: number): Promise<Sharp> {
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      canvas(size, FRAME_COLOURS[i % FRAME_COLOURS.length])
        .png()
        .toBuffer(),
    ),
  );
  return frames === 1 ? sharp(pages[0]) : sharp(pages, { join: { animated: true } });
}

/** A GIF; with frames > 1 an animated one (100 ms per frame, looping forever). */
export async function gifBytes(options: Size & { frames?: number } = {}): Promise<Buffer> {
  const frames = options.frames ?? 1;
  // Each frame is one colour, which the quickest palette search finds as well as the slowest (a big animation took 3.5 s to make, now 1).
  return (await animated(options, frames)).gif({ loop: 0, delay: Array(frames).fill(100), effort: 1, dither: 0 }).toBuffer();
}

/** A WebP; with frames > 1 an animated one. */
export async function webpBytes(options: Size & { frames?: number } = {}): Promise<Buffer> {
  const frames = options.frames ?? 1;
  return (await animated(options, frames)).webp({ loop: 0, delay: Array(frames).fill(100) }).toBuffer();
}

/** An SVG with a script in it: text, and exactly what must never be served from our origin. */
export function svgBytes(): Buffer {
  return Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script>' +
      '<rect width="10" height="10" fill="red"/></svg>',
  );
}

export function textBytes(): Buffer {
  return Buffer.from('Mazel tov! This is a plain text file, not a photo.\n');
}

/** The first half of a real JPEG: the header reads, the pixel data stops short. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await canvas({ width: 400, height: 300 }).jpeg().toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/** Whether EXIF data (as sharp's metadata().exif gives it) holds a GPS IFD with a latitude and a longitude. */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  // sharp hands the APP1 payload: "Exif\0\0" then a TIFF header.
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const tagsOf = (ifd: number) =>
    Array.from({ length: u16(ifd) }, (_, i) => ({ tag: u16(ifd + 2 + i * 12), value: u32(ifd + 2 + i * 12 + 8) }));
  const gpsPointer = tagsOf(u32(4)).find((entry) => entry.tag === 0x8825);
  if (!gpsPointer) return false;
  const gpsTags = tagsOf(gpsPointer.value).map((entry) => entry.tag);
  return gpsTags.includes(0x0002) && gpsTags.includes(0x0004); // GPSLatitude, GPSLongitude
}
