import { DomainError } from '../errors';
import type { PhotoStore } from '../ports/photo-store';
import { askingPhotoStore } from '../photo/photo-store-unavailable';

/**
 * Registries show only photos uploaded here, never an address someone typed in, nor one of ours
 * with no photo behind it (guests would see a broken picture). The registry's photo as it was is
 * kept without asking again, so an edit of its other fields never fails on it.
 */
export async function photoUrlOrNull(
  value: string | null | undefined,
  photos: PhotoStore,
  current: string | null = null,
): Promise<string | null> {
  const url = value?.trim() ?? '';
  if (url === '') return null;
  if (!photos.owns(url)) throw new DomainError('validation.failed', 'Upload the photo here first', { photoUrl: 'Not an uploaded photo' });
  if (url !== current && !(await askingPhotoStore(() => photos.exists(url))))
    throw new DomainError('validation.failed', 'Upload the photo here first', { photoUrl: 'No photo was uploaded at this address' });
  return url;
}
