export interface StoredPhoto {
  /** Where a browser or a mail client loads the photo from: a path on this site or an https URL. */
  url: string;
}

/** Keeps uploaded photos: Google Cloud Storage when configured, local disk otherwise. */
export interface PhotoStore {
  /** Stores bytes already checked and re-encoded, under a name the server made. */
  save(name: string, bytes: Uint8Array, contentType: string): Promise<StoredPhoto>;
  /** Whether a URL is one this store handed out, so records only ever point at our own photos. */
  owns(url: string): boolean;
  /** Whether a photo this store handed out (not a copy) is there, so a registry never points at none. */
  exists(url: string): Promise<boolean>;
  /** The bytes behind a URL this store handed out (a photo, one of its copies), or null when there are none. */
  read(url: string): Promise<Uint8Array | null>;
  /**
   * Deletes a photo this store handed out, with its smaller copies and link-preview pictures (every
   * name that begins with its id); one already gone, or a URL not of this store, is nothing to do.
   */
  remove(url: string): Promise<void>;
}

/**
 * The store did not do its part for a reason outside the request and outside our code: a disk
 * that failed or is full, a network that dropped, a timeout, the service answering 5xx or 429. A
 * moment later the same call may work, and the caller is told so (photo.unavailable). Adapters
 * throw it for those failures only: a refused name, a missing permission or a bug stays as it is,
 * a fault to fix rather than to retry.
 */
export class PhotoStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The photo store did not answer', { cause });
    this.name = 'PhotoStoreUnavailableError';
  }
}
