import { DomainError } from '../errors';
import { PhotoStoreUnavailableError } from '../ports/photo-store';

/** What a family is told when the photo store does not answer: nothing was saved, and trying again may work. */
export const PHOTOS_UNAVAILABLE = 'Photos cannot be reached just now. Nothing was saved; please try again in a moment.';

/** "In a moment", for a caller that waits before trying again (an HTTP client reads Retry-After). */
const TRY_AGAIN_AFTER_SECONDS = 5;

/**
 * Runs a step that asks the photo store, and turns the store's own outage (PhotoStoreUnavailableError:
 * a disk, a network, a timeout) into photo.unavailable, so the caller hears that it may try again;
 * the store's error goes with it, for the log. Any other failure is left as it is.
 */
export async function askingPhotoStore<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof PhotoStoreUnavailableError) {
      throw Object.assign(new DomainError('photo.unavailable', PHOTOS_UNAVAILABLE, undefined, error), {
        retryAfterSeconds: TRY_AGAIN_AFTER_SECONDS,
      });
    }
    throw error;
  }
}
