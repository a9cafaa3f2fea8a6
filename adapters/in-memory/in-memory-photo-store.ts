import type { PhotoStore, StoredPhoto } from '@core/ports/photo-store';
import { assertPhotoName, photoIdOf, photoNameUnder, storedPhotoNameUnder } from '@core/photo/photo-name';

export interface InMemoryPhoto {
  bytes: Uint8Array;
  contentType: string;
}

/** A photo store in a Map, with the same rules as the real ones (the photo-store contract proves it). */
export class InMemoryPhotoStore implements PhotoStore {
  readonly photos = new Map<string, InMemoryPhoto>();
  private readonly publicPath = '/uploads';

  async save(name: string, bytes: Uint8Array, contentType: string): Promise<StoredPhoto> {
    assertPhotoName(name, contentType);
    if (this.photos.has(name)) throw new Error(`A photo named ${name} already exists`);
    // A copy, so a caller reusing its buffer cannot change what was stored.
    this.photos.set(name, { bytes: Uint8Array.from(bytes), contentType });
    return { url: `${this.publicPath}/${name}` };
  }

  owns(url: string): boolean {
    return photoNameUnder(this.publicPath, url) !== null;
  }

  async exists(url: string): Promise<boolean> {
    const name = photoNameUnder(this.publicPath, url);
    return name !== null && this.photos.has(name);
  }

  async read(url: string): Promise<Uint8Array | null> {
    const photo = this.stored(url);
    return photo ? Uint8Array.from(photo.bytes) : null;
  }

  async remove(url: string): Promise<void> {
    const name = photoNameUnder(this.publicPath, url);
    const id = name === null ? null : photoIdOf(name);
    if (id === null) return;
    for (const stored of [...this.photos.keys()]) if (stored.startsWith(id)) this.photos.delete(stored);
  }

  /** The stored photo (or copy, or share picture) a URL points at, with its type, or undefined. */
  stored(url: string): InMemoryPhoto | undefined {
    const name = storedPhotoNameUnder(this.publicPath, url);
    return name === null ? undefined : this.photos.get(name);
  }
}
