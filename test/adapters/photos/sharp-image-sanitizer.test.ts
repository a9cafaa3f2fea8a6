import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SharpImageSanitizer } from '../../../adapters/photos/sharp-image-sanitizer';
import type { DomainError } from '@core/errors';
import { exifHasGps, gifBytes, jpegWithGps, pngBytes, svgBytes, textBytes, truncatedJpeg, webpBytes } from '../../support/images';

const sanitizer = new SharpImageSanitizer();

async function failureOf(bytes: Uint8Array): Promise<{ code: string; message: string }> {
  try {
    await sanitizer.sanitize(bytes);
  } catch (error) {
    const { code, message } = error as DomainError;
    return { code, message };
  }
  return { code: 'no error', message: '' };
}

describe('SharpImageSanitizer', () => {
  it('the GPS builder really carries location tags before sanitizing', async () => {
    const metadata = await sharp(await jpegWithGps()).metadata();
    expect(exifHasGps(metadata.exif)).toBe(true);
  });

  it('strips EXIF, including GPS, from a JPEG and keeps it a JPEG', async () => {
    const original = await jpegWithGps();
    const cleaned = await sanitizer.sanitize(original);
    expect(cleaned).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg' });
    const metadata = await sharp(cleaned.bytes).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(Buffer.from(cleaned.bytes).includes('PhoneCo')).toBe(false);
  });

  it('drops XMP and ICC profiles too, converting a wide-gamut photo to sRGB', async () => {
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="31,46.6N"/></rdf:RDF></x:xmpmeta>';
    const original = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 200, g: 10, b: 10 } } })
      .jpeg({ quality: 100 })
      .withIccProfile('p3')
      .withXmp(xmp)
      .toBuffer();
    const before = await sharp(original).metadata();
    expect(before.icc).toBeDefined();
    expect(before.xmp).toBeDefined();

    const cleaned = await sanitizer.sanitize(original);
    const after = await sharp(cleaned.bytes).metadata();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(Buffer.from(cleaned.bytes).includes('GPSLatitude')).toBe(false);
    // The Display P3 pixels were converted, not merely relabelled: the red still reads as the sRGB red it was made from.
    const [r, g, b] = await sharp(cleaned.bytes).raw().toBuffer();
    expect(r).toBeGreaterThan(190);
    expect(g).toBeLessThan(25);
    expect(b).toBeLessThan(25);
  });

  it('bakes the EXIF orientation into the pixels before dropping the tag', async () => {
    const rotated = await jpegWithGps({ width: 80, height: 40, orientation: 6 });
    const cleaned = await sanitizer.sanitize(rotated);
    const metadata = await sharp(cleaned.bytes).metadata();
    expect([metadata.width, metadata.height]).toEqual([40, 80]);
    expect(metadata.orientation).toBeUndefined();
  });

  it('takes the type from the bytes: a PNG that an uploader called .gif comes out as a PNG', async () => {
    // The sanitizer is given bytes only; whatever name or declared type came with them never reaches it.
    const cleaned = await sanitizer.sanitize(await pngBytes());
    expect(cleaned).toMatchObject({ contentType: 'image/png', extension: 'png' });
    expect((await sharp(cleaned.bytes).metadata()).format).toBe('png');
  });

  it('accepts a WebP and keeps it a WebP', async () => {
    const cleaned = await sanitizer.sanitize(await webpBytes());
    expect(cleaned).toMatchObject({ contentType: 'image/webp', extension: 'webp' });
    expect((await sharp(cleaned.bytes).metadata()).format).toBe('webp');
  });

  it('keeps an animated GIF animated, as a GIF', async () => {
    const cleaned = await sanitizer.sanitize(await gifBytes({ frames: 3 }));
    expect(cleaned).toMatchObject({ contentType: 'image/gif', extension: 'gif' });
    const metadata = await sharp(cleaned.bytes).metadata();
    expect(metadata.format).toBe('gif');
    expect(metadata.pages).toBe(3);
    expect(metadata.delay).toEqual([100, 100, 100]);
  });

  it('keeps an animated WebP animated', async () => {
    const cleaned = await sanitizer.sanitize(await webpBytes({ frames: 2 }));
    const metadata = await sharp(cleaned.bytes).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.pages).toBe(2);
  });

  it('scales a big photo down to fit 2400 x 2400, keeping its proportions', async () => {
    const cleaned = await sanitizer.sanitize(await jpegWithGps({ width: 4800, height: 3000 }));
    const metadata = await sharp(cleaned.bytes).metadata();
    expect([metadata.width, metadata.height]).toEqual([2400, 1500]);
  });

  it('scales each frame of a tall animated GIF, and never enlarges a small image', async () => {
    const tall = await sanitizer.sanitize(await gifBytes({ width: 300, height: 3000, frames: 2 }));
    const tallMetadata = await sharp(tall.bytes).metadata();
    expect([tallMetadata.width, tallMetadata.height, tallMetadata.pages]).toEqual([240, 2400, 2]);

    const small = await sanitizer.sanitize(await pngBytes({ width: 20, height: 10 }));
    const smallMetadata = await sharp(small.bytes).metadata();
    expect([smallMetadata.width, smallMetadata.height]).toEqual([20, 10]);
  });

  it('refuses an SVG, even one that calls itself an image', async () => {
    expect(await failureOf(svgBytes())).toEqual({
      code: 'photo.unsupported_type',
      message: 'Only JPEG, PNG, GIF or WebP images can be uploaded',
    });
  });

  it('refuses a text file, a PDF, a HEIC photo and unknown bytes', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(64)]);
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'white' } })
      .tiff()
      .toBuffer();
    for (const bytes of [textBytes(), pdf, heic, tiff, Buffer.from([1, 2, 3, 4, 5, 6, 7, 8])]) {
      expect((await failureOf(bytes)).code).toBe('photo.unsupported_type');
    }
  });

  it('answers photo.unreadable for a truncated or corrupt JPEG', async () => {
    expect(await failureOf(await truncatedJpeg())).toEqual({ code: 'photo.unreadable', message: 'The image could not be read' });
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 0x41)]);
    expect((await failureOf(garbage)).code).toBe('photo.unreadable');
  });

  it('refuses a decompression bomb before decoding it', async () => {
    // 8000 x 8000 of one colour: a few hundred kilobytes that would decode to 64 megapixels.
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect((await failureOf(bomb)).code).toBe('photo.too_large');
  });

  it('counts every frame of an animation against the pixel limit', async () => {
    // 14 frames of 2000 x 2000: each frame is modest, together 56 megapixels.
    const animation = await gifBytes({ width: 2000, height: 2000, frames: 14 });
    expect((await sharp(animation).metadata()).pages).toBe(14);
    expect((await failureOf(animation)).code).toBe('photo.too_large');
  });
});
