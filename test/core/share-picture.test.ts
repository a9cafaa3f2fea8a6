import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { InMemoryPhotoStore } from '../../adapters/in-memory/in-memory-photo-store';
import type { ImageSanitizer } from '@core/ports/image-sanitizer';
import { isStoredPhotoName } from '@core/photo/photo-name';
import { SHARE_PICTURE_HEIGHT, SHARE_PICTURE_WIDTH, shareCrop, sharePicture, sharePictureUrl } from '@core/photo/share-picture';

const ID = '0b7c6c2e-4a1f-4e55-9d0a-1f3b2c4d5e6f';
const RATIO = SHARE_PICTURE_WIDTH / SHARE_PICTURE_HEIGHT;

const size = fc.integer({ min: 1, max: 12_000 });
const percent = fc.integer({ min: 0, max: 100 });

describe('the share picture\'s crop (a link preview\'s 1.91 : 1)', () => {
  it('lies within the photo, as large as the proportion allows, and keeps the focal point where the pages keep it', () => {
    fc.assert(
      fc.property(size, size, percent, percent, (width, height, photoFocusX, photoFocusY) => {
        const area = shareCrop(width, height, { photoFocusX, photoFocusY });
        expect(area.left).toBeGreaterThanOrEqual(0);
        expect(area.top).toBeGreaterThanOrEqual(0);
        expect(area.width).toBeGreaterThanOrEqual(1);
        expect(area.height).toBeGreaterThanOrEqual(1);
        expect(area.left + area.width).toBeLessThanOrEqual(width);
        expect(area.top + area.height).toBeLessThanOrEqual(height);
        // One side is the photo's whole side; the other is the proportion's, to the pixel.
        expect(area.width === width || area.height === height).toBe(true);
        if (area.width === width && area.height < height) expect(Math.abs(area.height - width / RATIO)).toBeLessThanOrEqual(0.5);
        if (area.height === height && area.width < width) expect(Math.abs(area.width - height * RATIO)).toBeLessThanOrEqual(0.5);
        // As CSS's object-position does: the point X% across the photo is X% across the area.
        const pointX = (width * photoFocusX) / 100;
        const pointY = (height * photoFocusY) / 100;
        expect(Math.abs(pointX - area.left - (area.width * photoFocusX) / 100)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(pointY - area.top - (area.height * photoFocusY) / 100)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('takes a portrait\'s full width and slides down to a face near its top', () => {
    expect(shareCrop(800, 1200, { photoFocusX: 50, photoFocusY: 0 })).toEqual({ left: 0, top: 0, width: 800, height: 420 });
    expect(shareCrop(800, 1200, { photoFocusX: 50, photoFocusY: 20 })).toEqual({ left: 0, top: 156, width: 800, height: 420 });
    expect(shareCrop(4000, 1000, { photoFocusX: 100, photoFocusY: 50 })).toEqual({ left: 2095, top: 0, width: 1905, height: 1000 });
  });
});

describe('the share picture\'s place', () => {
  it('is beside the photo, named for the focal point, and a name a store accepts', () => {
    const url = sharePictureUrl(`/uploads/${ID}-800x1200.png`, { photoFocusX: 50, photoFocusY: 20 });
    expect(url).toBe(`/uploads/${ID}-800x1200-share-50-20.jpg`);
    expect(isStoredPhotoName(url!.slice('/uploads/'.length))).toBe(true);
    expect(sharePictureUrl(`https://storage.googleapis.com/family-photos/${ID}-2400x1800.jpg`, { photoFocusX: 0, photoFocusY: 100 })).toBe(
      `https://storage.googleapis.com/family-photos/${ID}-2400x1800-share-0-100.jpg`,
    );
  });

  it('does not exist for a photo without its size in its name (an old or animated one)', () => {
    expect(sharePictureUrl(`/uploads/${ID}.gif`, { photoFocusX: 50, photoFocusY: 50 })).toBeNull();
  });
});

describe('sharePicture', () => {
  const cropper = () => {
    const crop = vi.fn(async () => Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]));
    const sanitizer: ImageSanitizer = { sanitize: vi.fn(), copy: vi.fn(), crop };
    return { crop, sanitizer };
  };

  it('is made from the photo once, kept beside it, and read from there after', async () => {
    const photos = new InMemoryPhotoStore();
    const { url: photoUrl } = await photos.save(`${ID}-800x1200.png`, Uint8Array.from([1, 2, 3]), 'image/png');
    const { crop, sanitizer } = cropper();
    const focus = { photoFocusX: 50, photoFocusY: 20 };

    const made = await sharePicture({ photoUrl, focus }, { photos, sanitizer });
    expect(crop).toHaveBeenCalledWith(Uint8Array.from([1, 2, 3]), { left: 0, top: 156, width: 800, height: 420 }, 1200, 630);
    expect(photos.stored(`/uploads/${ID}-800x1200-share-50-20.jpg`)).toEqual({ bytes: made, contentType: 'image/jpeg' });

    expect(await sharePicture({ photoUrl, focus }, { photos, sanitizer })).toEqual(made);
    expect(crop).toHaveBeenCalledTimes(1);
    // A new focal point is a new picture.
    await sharePicture({ photoUrl, focus: { photoFocusX: 50, photoFocusY: 80 } }, { photos, sanitizer });
    expect(crop).toHaveBeenCalledTimes(2);
  });

  it('answers the picture when two asks made it at once and the second could not keep it', async () => {
    const photos = new InMemoryPhotoStore();
    const { url: photoUrl } = await photos.save(`${ID}-800x1200.png`, Uint8Array.from([1, 2, 3]), 'image/png');
    const { sanitizer } = cropper();
    const focus = { photoFocusX: 50, photoFocusY: 50 };
    const [one, two] = await Promise.all([sharePicture({ photoUrl, focus }, { photos, sanitizer }), sharePicture({ photoUrl, focus }, { photos, sanitizer })]);
    expect(one).toEqual(two);
    expect(one).not.toBeNull();
  });

  it('is none for a photo that is gone, not the store\'s, or without its size', async () => {
    const photos = new InMemoryPhotoStore();
    const { crop, sanitizer } = cropper();
    const focus = { photoFocusX: 50, photoFocusY: 50 };
    expect(await sharePicture({ photoUrl: `/uploads/${ID}-800x1200.png`, focus }, { photos, sanitizer })).toBeNull();
    expect(await sharePicture({ photoUrl: `https://elsewhere.example/${ID}-800x1200.png`, focus }, { photos, sanitizer })).toBeNull();
    const { url: gif } = await photos.save(`${ID}.gif`, Uint8Array.from([1]), 'image/gif');
    expect(await sharePicture({ photoUrl: gif, focus }, { photos, sanitizer })).toBeNull();
    expect(crop).not.toHaveBeenCalled();
  });
});
