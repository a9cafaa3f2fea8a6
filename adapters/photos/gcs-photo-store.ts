// Only types come from the SDK at load time: a server without GCS never loads it.
import type { Storage } from '@google-cloud/storage';
import { PhotoStoreUnavailableError, type PhotoStore, type StoredPhoto } from '@core/ports/photo-store';
import { assertPhotoName, isStoredPhotoName, photoIdOf, photoNameUnder, storedPhotoNameUnder } from '@core/photo/photo-name';

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

/** Answers that say GCS, not the request, failed for a moment: a timeout, too many requests, a 5xx. */
function isPassingStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** The network's own failures, as Node names them: a connection refused, dropped or timed out, a name not found. */
const NETWORK_FAILURE =
  /^(ECONNREFUSED|ECONNRESET|ECONNABORTED|EPIPE|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|UND_ERR_[A-Z_]+)$/;

/**
 * What a call to GCS failed with, as the caller should hear it: GCS or the network failing for a
 * moment (a passing status, a dropped or refused connection, a timeout) is PhotoStoreUnavailableError;
 * anything else (a missing permission, credentials that cannot be read) stays as it is, a fault of
 * the setup to fix.
 */
function gcsFailure(error: unknown): unknown {
  const { code, name, type } = (error ?? {}) as { code?: unknown; name?: unknown; type?: unknown };
  if (typeof code === 'number') return isPassingStatus(code) ? new PhotoStoreUnavailableError(error) : error;
  // The SDK's fetch calls a failure below HTTP a 'system' FetchError, with Node's code when it has one.
  const networkFailed = (typeof code === 'string' && NETWORK_FAILURE.test(code)) || (name === 'FetchError' && type === 'system');
  const passing = networkFailed || name === 'AbortError' || name === 'TimeoutError';
  return passing ? new PhotoStoreUnavailableError(error) : error;
}

/** A public URL asked as a browser would: the answer, or the network's failure as the store's outage. */
async function fetchPublic(url: string, method: 'GET' | 'HEAD'): Promise<Response> {
  let answer: Response;
  try {
    answer = await fetch(url, { method, signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
  } catch (error) {
    throw new PhotoStoreUnavailableError(error);
  }
  if (answer.ok || answer.status === 404) return answer;
  const refused = new Error(`Google Cloud Storage answered ${answer.status} for a stored photo`);
  throw isPassingStatus(answer.status) ? new PhotoStoreUnavailableError(refused) : refused;
}

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
    try {
      await storage
        .bucket(this.bucket)
        .file(name)
        .save(bytes, {
          resumable: false,
          contentType,
          metadata: { cacheControl: PHOTO_CACHE_CONTROL },
          // Create only, never overwrite; it also makes the upload idempotent, so the SDK may retry it.
          preconditionOpts: { ifGenerationMatch: 0 },
          timeout: UPLOAD_TIMEOUT_MS,
        });
    } catch (error) {
      throw gcsFailure(error);
    }
    return { url: `${this.prefix}/${name}` };
  }

  owns(url: string): boolean {
    return photoNameUnder(this.prefix, url) !== null;
  }

  /** Asked as any browser would, of its public URL. */
  async exists(url: string): Promise<boolean> {
    if (photoNameUnder(this.prefix, url) === null) return false;
    return (await fetchPublic(url, 'HEAD')).status !== 404;
  }

  /** Read as any browser reads it, from its public URL: no credentials needed. */
  async read(url: string): Promise<Uint8Array | null> {
    if (storedPhotoNameUnder(this.prefix, url) === null) return null;
    const answer = await fetchPublic(url, 'GET');
    if (answer.status === 404) return null;
    try {
      return new Uint8Array(await answer.arrayBuffer());
    } catch (error) {
      throw new PhotoStoreUnavailableError(error);
    }
  }

  /** Every object named with the photo's id (the original, its copies, its share pictures), deleted. */
  async remove(url: string): Promise<void> {
    const name = photoNameUnder(this.prefix, url);
    const id = name === null ? null : photoIdOf(name);
    if (id === null) return;
    const bucket = (await this.client()).bucket(this.bucket);
    try {
      const [files] = await bucket.getFiles({ prefix: id });
      await Promise.all(files.filter((file) => isStoredPhotoName(file.name)).map((file) => file.delete({ ignoreNotFound: true })));
    } catch (error) {
      throw gcsFailure(error);
    }
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
