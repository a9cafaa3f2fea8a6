import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskPhotoStore } from '../../../adapters/photos/local-disk-photo-store';
import { PhotoStoreUnavailableError } from '@core/ports/photo-store';

describe('LocalDiskPhotoStore', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'local-photos-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('creates missing folders and writes the file under its name', async () => {
    const directory = join(root, 'data', 'uploads');
    const name = `${crypto.randomUUID()}.webp`;
    const { url } = await new LocalDiskPhotoStore({ directory, publicPath: '/uploads' }).save(name, Uint8Array.of(1, 2, 3), 'image/webp');
    expect(url).toBe(`/uploads/${name}`);
    expect(await readFile(join(directory, name))).toEqual(Buffer.of(1, 2, 3));
  });

  it('writes nothing, anywhere, for a refused name', async () => {
    const directory = join(root, 'uploads');
    const store = new LocalDiskPhotoStore({ directory, publicPath: '/uploads' });
    const id = crypto.randomUUID();
    for (const name of [`../${id}.jpg`, `../../${id}.jpg`, `sub/${id}.jpg`, `${id}.svg`]) {
      const refused = await store.save(name, Uint8Array.of(1), 'image/jpeg').catch((error: unknown) => error);
      // A refused name is a fault of the caller's, never an outage to wait out.
      expect(refused, name).toBeInstanceOf(Error);
      expect(refused, name).not.toBeInstanceOf(PhotoStoreUnavailableError);
    }
    expect(await readdir(root)).toEqual([]);
  });

  it('reports a disk that fails as an outage, the disk’s own error as its cause; a name taken stays what it is', async () => {
    const directory = join(root, 'uploads');
    const store = new LocalDiskPhotoStore({ directory, publicPath: '/uploads' });
    const name = `${crypto.randomUUID()}.png`;
    const { url } = await store.save(name, Uint8Array.of(1), 'image/png');
    const taken = await store.save(name, Uint8Array.of(2), 'image/png').catch((error: unknown) => error);
    expect(taken).toMatchObject({ code: 'EEXIST' });
    expect(taken).not.toBeInstanceOf(PhotoStoreUnavailableError);

    // The folder turns into a file: every read and write fails (EEXIST making the folder, ENOTDIR
    // reading in it), as a broken disk would.
    await rm(directory, { recursive: true });
    await writeFile(directory, '');
    for (const attempt of [
      () => store.save(`${crypto.randomUUID()}.png`, Uint8Array.of(1), 'image/png'),
      () => store.exists(url),
      () => store.read(url),
    ]) {
      const failed = await attempt().then(
        () => 'answered',
        (error: unknown) => error,
      );
      expect(failed).toBeInstanceOf(PhotoStoreUnavailableError);
      expect((failed as Error).cause).toMatchObject({ code: expect.stringMatching(/^(EEXIST|ENOTDIR)$/) });
    }
  });

  it('accepts a public path with a trailing slash and refuses one that is not a plain absolute path', () => {
    const id = crypto.randomUUID();
    expect(new LocalDiskPhotoStore({ directory: root, publicPath: '/uploads/' }).owns(`/uploads/${id}.png`)).toBe(true);
    for (const publicPath of ['uploads', 'https://cdn.example/uploads', '//cdn.example', '/up loads', '/a//b']) {
      expect(() => new LocalDiskPhotoStore({ directory: root, publicPath }), publicPath).toThrow();
    }
  });
});
