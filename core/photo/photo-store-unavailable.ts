import { DomainError, isDomainError } from '../errors';

/** What a family is told when the photo store does not answer: nothing was saved, and trying again may work. */
export const PHOTOS_UNAVAILABLE = 'Photos cannot be reached just now. Nothing was saved; please try again in a moment.';

/**
 * Runs a step that asks the photo store, and turns its failure (an outage, a timeout, a refusal)
 * into photo.unavailable, so the caller hears that it may try again rather than that we failed;
 * the store's own error goes with it, for the log.
 */
export async function askingPhotoStore<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (isDomainError(error)) throw error;
    throw new DomainError('photo.unavailable', PHOTOS_UNAVAILABLE, undefined, error);
  }
}
