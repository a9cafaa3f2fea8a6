import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { InMemoryPhotoStore } from '../../adapters/in-memory/in-memory-photo-store';
import type { ImageSanitizer } from '@core/ports/image-sanitizer';
import { isStoredPhotoName } from '@core/photo/photo-name';
import { registrySharePicture, SHARE_PICTURE_HEIGHT, SHARE_PICTURE_WIDTH, shareCrop, sharePictureOf } from '@core/photo/share-picture';
import { isDomainError } from '@core/errors';
import { PHOTOS_UNAVAILABLE } from '@core/photo/photo-store-unavailable';
import { PhotoStoreUnavailableError } from '@core/ports/photo-store';
import type { Registry } from '@core/model/registry';

const ID = '0b7c6c2e-4a1f-4e55-9d0a-1f3b2c4d5e6f';
const RATIO = SHARE_PICTURE_WIDTH / SHARE_PICTURE_HEIGHT;
/** Rounding to whole pixels moves an edge by half a pixel at most (and a hair, in floating point). */
const HALF_PIXEL = 0.5 + 1e-9;

const size = fc.integer({ min: 1, max: 12_000 });
const percent = fc.integer({ min: 0, max: 100 });

describe("the share picture's crop (a link preview's 1.91 : 1)", () => {
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
        if (area.width === width && area.height < height) expect(Math.abs(area.height - width / RATIO)).toBeLessThanOrEqual(HALF_PIXEL);
        if (area.height === height && area.width < width) expect(Math.abs(area.width - height * RATIO)).toBeLessThanOrEqual(HALF_PIXEL);
        // As CSS's object-position does: the point X% across the photo is X% across the area.
        const pointX = (width * photoFocusX) / 100;
        const pointY = (height * photoFocusY) / 100;
        expect(Math.abs(pointX - area.left - (area.width * photoFocusX) / 100)).toBeLessThanOrEqual(HALF_PIXEL);
        expect(Math.abs(pointY - area.top - (area.height * photoFocusY) / 100)).toBeLessThanOrEqual(HALF_PIXEL);
      }),
    );
  });

  it("takes a portrait's full width and slides down to a face near its top", () => {
    expect(shareCrop(800, 1200, { photoFocusX: 50, photoFocusY: 0 })).toEqual({ left: 0, top: 0, width: 800, height: 420 });
    expect(shareCrop(800, 1200, { photoFocusX: 50, photoFocusY: 20 })).toEqual({ left: 0, top: 156, width: 800, height: 420 });
    expect(shareCrop(4000, 1000, { photoFocusX: 100, photoFocusY: 50 })).toEqual({ left: 2095, top: 0, width: 1905, height: 1000 });
  });
});

describe("the share picture's place", () => {
  it('is beside the photo, named for the focal point, and a name a store accepts', () => {
    const url = sharePictureOf(`/uploads/${ID}-800x1200.png`, { photoFocusX: 50, photoFocusY: 20 })?.url;
    expect(url).toBe(`/uploads/${ID}-800x1200-share-50-20.jpg`);
    expect(isStoredPhotoName(url!.slice('/uploads/'.length))).toBe(true);
    expect(
      sharePictureOf(`https://storage.googleapis.com/family-photos/${ID}-2400x1800.jpg`, { photoFocusX: 0, photoFocusY: 100 })?.url,
    ).toBe(`https://storage.googleapis.com/family-photos/${ID}-2400x1800-share-0-100.jpg`);
  });

  it('does not exist for a photo without its size in its name (an old or animated one)', () => {
    expect(sharePictureOf(`/uploads/${ID}.gif`, { photoFocusX: 50, photoFocusY: 50 })).toBeNull();
  });
});

describe('registrySharePicture', () => {
  const REGISTRY = '6f1d2c3b-0000-4000-8000-000000000001';

  async function world(photo: { name: string; type: string } | { url: string } | null = { name: `${ID}-800x1200.png`, type: 'image/png' }) {
    const photos = new InMemoryPhotoStore();
    let photoUrl: string | null = null;
    if (photo && 'name' in photo) photoUrl = (await photos.save(photo.name, Uint8Array.from([1, 2, 3]), photo.type)).url;
    if (photo && 'url' in photo) photoUrl = photo.url;
    const registry = { id: REGISTRY, isActive: true, photoUrl, photoFocusX: 50, photoFocusY: 20 };
    const crop = vi.fn(async () => Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]));
    const sanitizer: ImageSanitizer = { sanitize: vi.fn(), copy: vi.fn(), crop };
    const turns = vi.fn((work: () => Promise<unknown>) => work()) as unknown as (<T>(work: () => Promise<T>) => Promise<T>) &
      ReturnType<typeof vi.fn>;
    const ports = {
      registries: { findById: async (id: string) => (id === REGISTRY ? (registry as unknown as Registry) : null) },
      photos,
      sanitizer,
      decodeInTurn: turns,
    };
    return { registry, photos, crop, turns, ports, picture: () => registrySharePicture(REGISTRY, ports) };
  }

  async function refusal(promise: Promise<unknown>) {
    return promise.then(
      () => null,
      (error: unknown) => (isDomainError(error) ? error.code : error),
    );
  }

  it('is made from the photo once, in its turn, kept beside it, and read from there after without a turn', async () => {
    const { photos, crop, turns, registry, picture } = await world();
    const made = await picture();
    expect(crop).toHaveBeenCalledWith(Uint8Array.from([1, 2, 3]), { left: 0, top: 156, width: 800, height: 420 }, 1200, 630);
    expect(turns).toHaveBeenCalledTimes(1);
    expect(photos.stored(`/uploads/${ID}-800x1200-share-50-20.jpg`)).toEqual({ bytes: made, contentType: 'image/jpeg' });

    expect(await picture()).toEqual(made);
    expect(crop).toHaveBeenCalledTimes(1);
    expect(turns).toHaveBeenCalledTimes(1);
    // A new focal point is a new picture.
    registry.photoFocusY = 80;
    await picture();
    expect(crop).toHaveBeenCalledTimes(2);
  });

  it('answers the picture when two asks made it at once and the second could not keep it', async () => {
    const { picture } = await world();
    const [one, two] = await Promise.all([picture(), picture()]);
    expect(one).toEqual(two);
  });

  it('fails when the picture could not be kept for another reason, rather than making it again at every ask unsaid', async () => {
    const { photos, picture } = await world();
    const full = new PhotoStoreUnavailableError(new Error('ENOSPC: no space left on device'));
    vi.spyOn(photos, 'save').mockRejectedValueOnce(full);
    await expect(picture()).rejects.toMatchObject({ code: 'photo.unavailable', message: PHOTOS_UNAVAILABLE, cause: full });
  });

  it('is unavailable, not a failure of ours, while the photo store does not answer', async () => {
    const { photos, crop, picture } = await world();
    const outage = new PhotoStoreUnavailableError(new Error('Google Cloud Storage answered 503 for a stored photo'));
    vi.spyOn(photos, 'read').mockRejectedValueOnce(outage);
    await expect(picture()).rejects.toMatchObject({ code: 'photo.unavailable', message: PHOTOS_UNAVAILABLE, cause: outage });
    expect(crop).not.toHaveBeenCalled();
  });

  it("is not found for a registry gone, a photo gone, not the store's, without its size, or none", async () => {
    expect(await refusal(registrySharePicture('6f1d2c3b-0000-4000-8000-00000000ffff', (await world()).ports))).toBe('registry.not_found');
    for (const photo of [
      { url: `/uploads/${ID}-800x1200.png` },
      { url: `https://elsewhere.example/${ID}-800x1200.png` },
      { name: `${ID}.gif`, type: 'image/gif' },
      null,
    ]) {
      const { crop, picture } = await world(photo);
      expect(await refusal(picture()), JSON.stringify(photo)).toBe('photo.not_found');
      expect(crop).not.toHaveBeenCalled();
    }
  });
});
