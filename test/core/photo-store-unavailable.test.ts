import { describe, expect, it } from 'vitest';
import { DomainError } from '@core/errors';
import { askingPhotoStore, PHOTOS_UNAVAILABLE } from '@core/photo/photo-store-unavailable';

describe('asking the photo store', () => {
  it('answers what the store answered', async () => {
    expect(await askingPhotoStore(async () => ({ url: '/uploads/a.png' }))).toEqual({ url: '/uploads/a.png' });
  });

  it('turns a store that fails into photo.unavailable, its error kept as the cause for the log', async () => {
    const outage = Object.assign(new Error('ENOTDIR: not a directory'), { code: 'ENOTDIR' });
    await expect(askingPhotoStore(() => Promise.reject(outage))).rejects.toMatchObject({ code: 'photo.unavailable', message: PHOTOS_UNAVAILABLE, cause: outage });
  });

  it('leaves a refusal of ours as it is', async () => {
    const refusal = new DomainError('photo.unsupported_type', 'Only photos can be uploaded');
    await expect(askingPhotoStore(() => Promise.reject(refusal))).rejects.toBe(refusal);
  });
});
