import { describe, expect, it } from 'vitest';
import { DomainError } from '@core/errors';
import { askingPhotoStore, PHOTOS_UNAVAILABLE } from '@core/photo/photo-store-unavailable';
import { PhotoStoreUnavailableError } from '@core/ports/photo-store';

describe('asking the photo store', () => {
  it('answers what the store answered', async () => {
    expect(await askingPhotoStore(async () => ({ url: '/uploads/a.png' }))).toEqual({ url: '/uploads/a.png' });
  });

  it('turns the store’s outage into photo.unavailable, its error kept as the cause for the log', async () => {
    const outage = new PhotoStoreUnavailableError(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
    await expect(askingPhotoStore(() => Promise.reject(outage))).rejects.toMatchObject({
      code: 'photo.unavailable',
      message: PHOTOS_UNAVAILABLE,
      cause: outage,
    });
  });

  it('leaves a refusal of ours, and any other failure (a bug to fix, not a moment to wait out), as it is', async () => {
    const refusal = new DomainError('photo.unsupported_type', 'Only photos can be uploaded');
    await expect(askingPhotoStore(() => Promise.reject(refusal))).rejects.toBe(refusal);
    const bug = new TypeError("Cannot read properties of undefined (reading 'url')");
    await expect(askingPhotoStore(() => Promise.reject(bug))).rejects.toBe(bug);
  });
});
