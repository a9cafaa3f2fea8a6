import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertPhotoName, isPhotoName, isStoredPhotoName } from '@core/photo/photo-name';
import { photoCopyName, photoCopyWidths, responsivePhoto, sizedPhotoName } from '@core/model/photo-variants';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('the smaller copies of an uploaded photo', () => {
  it("are made at 480, 960 and 1440 pixels, and at the photo's own width when it is narrower, never wider", () => {
    expect(photoCopyWidths(2400)).toEqual([480, 960, 1440]);
    expect(photoCopyWidths(1440)).toEqual([480, 960, 1440]);
    expect(photoCopyWidths(1200)).toEqual([480, 960, 1200]);
    expect(photoCopyWidths(480)).toEqual([480]);
    expect(photoCopyWidths(64)).toEqual([64]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2400 }), (width) => {
        const widths = photoCopyWidths(width);
        expect(widths.length).toBeGreaterThan(0);
        expect(Math.max(...widths)).toBeLessThanOrEqual(width);
        expect([...widths].sort((a, b) => a - b)).toEqual(widths);
      }),
    );
  });

  it('are stored under names the photo stores accept, which no registry may point at', () => {
    const copy = photoCopyName(ID, 1200, 900, 480, 'avif');
    expect(copy).toBe(`${ID}-1200x900-480w.avif`);
    expect(isStoredPhotoName(copy)).toBe(true);
    expect(isPhotoName(copy)).toBe(false);
    expect(() => assertPhotoName(copy, 'image/avif')).not.toThrow();
    expect(() => assertPhotoName(copy, 'image/webp')).toThrow();
    expect(() => assertPhotoName(`${ID}-1200x900-480w.jpg`, 'image/jpeg')).toThrow();
    expect(() => assertPhotoName(`${ID}.avif`, 'image/avif')).toThrow();
    expect(isPhotoName(sizedPhotoName(ID, 1200, 900, 'jpg'))).toBe(true);
    for (const unsafe of [
      `${ID}-0x900.jpg`,
      `${ID}-1200x900-480w.avif/..`,
      `../${ID}-1200x900-480w.avif`,
      `${ID}-1200x900-480w.webp.html`,
    ]) {
      expect(isStoredPhotoName(unsafe), unsafe).toBe(false);
    }
  });

  it("are found from the photo's address alone, best format first, in the same folder or bucket", () => {
    const photo = responsivePhoto(`/uploads/${ID}-1200x900.jpg`);
    expect(photo).toEqual({
      src: `/uploads/${ID}-1200x900.jpg`,
      width: 1200,
      height: 900,
      sources: [
        {
          type: 'image/avif',
          srcSet: `/uploads/${ID}-1200x900-480w.avif 480w, /uploads/${ID}-1200x900-960w.avif 960w, /uploads/${ID}-1200x900-1200w.avif 1200w`,
        },
        {
          type: 'image/webp',
          srcSet: `/uploads/${ID}-1200x900-480w.webp 480w, /uploads/${ID}-1200x900-960w.webp 960w, /uploads/${ID}-1200x900-1200w.webp 1200w`,
        },
      ],
    });
    const bucket = responsivePhoto(`https://storage.googleapis.com/gifts/${ID}-2400x1800.png`);
    expect(bucket.sources[1]?.srcSet.split(', ')[2]).toBe(`https://storage.googleapis.com/gifts/${ID}-2400x1800-1440w.webp 1440w`);
  });

  it('are not assumed for a photo uploaded before they were made: that one is shown as it is', () => {
    expect(responsivePhoto(`/uploads/${ID}.jpg`)).toEqual({ src: `/uploads/${ID}.jpg`, sources: [] });
  });
});
