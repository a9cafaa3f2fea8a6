import { link, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PhotoStoreUnavailableError, type PhotoStore, type StoredPhoto } from '@core/ports/photo-store';
import { assertPhotoName, isStoredPhotoName, photoIdOf, photoNameUnder, storedPhotoNameUnder } from '@core/photo/photo-name';

export interface LocalDiskPhotoStoreOptions {
  /** The folder the photos are written to, e.g. `./data/uploads`; created when missing. */
  directory: string;
  /** Where the HTTP layer serves that folder, e.g. `/uploads`. */
  publicPath: string;
}

/** A folder we may not write: a fault of the setup to fix, not a moment to wait out. */
const NOT_PASSING = new Set(['EACCES', 'EPERM']);

/**
 * The disk failing (full, broken, a file where the folder should be): the caller may try again.
 * A name already taken (the link refused) and a missing permission are left as they are.
 */
function diskFailure(error: unknown): unknown {
  const { code, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  if (typeof code !== 'string' || NOT_PASSING.has(code) || (code === 'EEXIST' && syscall === 'link')) return error;
  return new PhotoStoreUnavailableError(error);
}

/** Keeps photos as files in one folder, which the HTTP layer serves at `publicPath`. */
export class LocalDiskPhotoStore implements PhotoStore {
  private readonly directory: string;
  private readonly publicPath: string;

  constructor(options: LocalDiskPhotoStoreOptions) {
    const publicPath = options.publicPath.replace(/\/+$/, '');
    if (!/^\/[A-Za-z0-9._~\-/]*$/.test(publicPath) || publicPath.includes('//')) {
      throw new Error(`publicPath must be a plain absolute path such as /uploads, not ${JSON.stringify(options.publicPath)}`);
    }
    this.directory = options.directory;
    this.publicPath = publicPath;
  }

  async save(name: string, bytes: Uint8Array, contentType: string): Promise<StoredPhoto> {
    assertPhotoName(name, contentType);
    try {
      await mkdir(this.directory, { recursive: true });
      // Written aside, then linked under its name whole: nobody reads half a photo (a crash or a full
      // disk mid-write leaves only a dot-file, which is never served), and linking fails on a name
      // already taken: a photo some record points at is never overwritten.
      const aside = join(this.directory, `.${name}.${crypto.randomUUID()}.part`);
      await writeFile(aside, bytes, { flag: 'wx' });
      try {
        await link(aside, join(this.directory, name));
      } finally {
        await rm(aside, { force: true });
      }
    } catch (error) {
      throw diskFailure(error);
    }
    return { url: `${this.publicPath}/${name}` };
  }

  owns(url: string): boolean {
    return photoNameUnder(this.publicPath, url) !== null;
  }

  async exists(url: string): Promise<boolean> {
    const name = photoNameUnder(this.publicPath, url);
    if (name === null) return false;
    try {
      return (await stat(join(this.directory, name))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw diskFailure(error);
    }
  }

  async read(url: string): Promise<Uint8Array | null> {
    const name = storedPhotoNameUnder(this.publicPath, url);
    if (name === null) return null;
    try {
      return new Uint8Array(await readFile(join(this.directory, name)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw diskFailure(error);
    }
  }

  async remove(url: string): Promise<void> {
    const name = photoNameUnder(this.publicPath, url);
    const id = name === null ? null : photoIdOf(name);
    if (id === null) return;
    try {
      const names = (await readdir(this.directory)).filter((candidate) => candidate.startsWith(id) && isStoredPhotoName(candidate));
      await Promise.all(names.map((candidate) => rm(join(this.directory, candidate), { force: true })));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw diskFailure(error);
    }
  }
}
