export interface StoredPhoto {
  /** Where a browser or a mail client loads the photo from. */
  url: string;
}

/** Keeps uploaded photos: Google Cloud Storage when configured, local disk otherwise. */
export interface PhotoStore {
  /** Stores bytes already checked and re-encoded, under a name the server made. */
  save(name: string, bytes: Uint8Array, contentType: string): Promise<StoredPhoto>;
}
