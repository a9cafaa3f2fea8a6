// Only types come from the SDK at load time: a server without GCS never loads it.
import type { Storage } from '@google-cloud/storage';
import type { PhotoStore, StoredPhoto } from '@core/ports/photo-store';
import { assertPhotoName, photoNameUnder, storedPhotoNameUnder } from '@core/photo/photo-name';

/** Where GCS serves public objects; the bucket must grant allUsers the objectViewer role. */
const GCS_PUBLIC_ORIGIN = 'https://storage.googleapis.com';

/** Names are never reused, so browsers and mail clients may keep a photo for a year. */
export const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** How long one upload request may take before it fails instead of hanging (the SDK's default is none). */
const UPLOAD_TIMEOUT_MS = 60_000;
/** The same for reading one back. */
const READ_TIMEOUT_MS = 30_000;

// GCS bucket naming rules: 3-63 characters (up to 222 with dots), lowercase letters, digits, -, _ and dots.
const BUCKET_NAME = /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/;

export interface GcsPhotoStoreOptions {
  bucket: string;
  /** A configured client; without one the SDK is loaded at the first upload and uses application default credentials. */
  storage?: Storage;
}

/** Keeps photos as public objects in one Google Cloud Storage bucket. */
export class GcsPhotoStore implements PhotoStore {
  private readonly bucket: string;
  private readonly prefix: string;
  private storage: Promise<Storage> | undefined;

  constructor(options: GcsPhotoStoreOptions) {
    if (!BUCKET_NAME.test(options.bucket) || options.bucket.includes('..')) {
      throw new Error(`Not a valid Google Cloud Storage bucket name: ${JSON.stringify(options.bucket)}`);
    }
    this.bucket = options.bucket;
    this.prefix = `${GCS_PUBLIC_ORIGIN}/${options.bucket}`;
    this.storage = options.storage ? Promise.resolve(options.storage) : undefined;
  }

  async save(name: string, bytes: Uint8Array, contentType: string): Promise<StoredPhoto> {
    assertPhotoName(name, contentType);
    const storage = await this.client();
    await storage.bucket(this.bucket).file(name).save(bytes, {
      resumable: false,
      contentType,
      metadata: { cacheControl: PHOTO_CACHE_CONTROL },
      // Create only, never overwrite; it also makes the upload idempotent, so the SDK may retry it.
      preconditionOpts: { ifGenerationMatch: 0 },
      timeout: UPLOAD_TIMEOUT_MS,
    });
    return { url: `${this.prefix}/${name}` };
  }

  owns(url: string): boolean {
    return photoNameUnder(this.prefix, url) !== null;
  }

  /** Asked as any browser would, of its public URL. */
  async exists(url: string): Promise<boolean> {
    if (photoNameUnder(this.prefix, url) === null) return false;
    const answer = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
    if (answer.status === 404) return false;
    if (!answer.ok) throw new Error(`Google Cloud Storage answered ${answer.status} for a stored photo`);
    return true;
  }

  /** Read as any browser reads it, from its public URL: no credentials needed. */
  async read(url: string): Promise<Uint8Array | null> {
    if (storedPhotoNameUnder(this.prefix, url) === null) return null;
    const answer = await fetch(url, { signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
    if (answer.status === 404) return null;
    if (!answer.ok) throw new Error(`Google Cloud Storage answered ${answer.status} for a stored photo`);
    return new Uint8Array(await answer.arrayBuffer());
  }

  private client(): Promise<Storage> {
    this.storage ??= import('@google-cloud/storage').then(({ Storage }) => new Storage());
    return this.storage;
  }
}

/** Loads the SDK and builds the store on application default credentials. */
export async function createGcsPhotoStore(bucket: string): Promise<GcsPhotoStore> {
  const { Storage } = await import('@google-cloud/storage');
  return new GcsPhotoStore({ bucket, storage: new Storage() });
}
