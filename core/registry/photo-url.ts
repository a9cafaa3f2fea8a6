import { DomainError } from '../errors';
import type { PhotoStore } from '../ports/photo-store';

/** Registries show only photos uploaded here, never an address someone typed in. */
export function photoUrlOrNull(value: string | null | undefined, photos: PhotoStore): string | null {
  const url = value?.trim() ?? '';
  if (url === '') return null;
  if (!photos.owns(url)) throw new DomainError('validation.failed', 'Upload the photo here first', { photoUrl: 'Not an uploaded photo' });
  return url;
}
