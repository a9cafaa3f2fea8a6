import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskPhotoStore } from '../../../adapters/photos/local-disk-photo-store';

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
      await expect(store.save(name, Uint8Array.of(1), 'image/jpeg')).rejects.toThrow();
    }
    expect(await readdir(root)).toEqual([]);
  });

  it('accepts a public path with a trailing slash and refuses one that is not a plain absolute path', () => {
    const id = crypto.randomUUID();
    expect(new LocalDiskPhotoStore({ directory: root, publicPath: '/uploads/' }).owns(`/uploads/${id}.png`)).toBe(true);
    for (const publicPath of ['uploads', 'https://cdn.example/uploads', '//cdn.example', '/up loads', '/a//b']) {
      expect(() => new LocalDiskPhotoStore({ directory: root, publicPath }), publicPath).toThrow();
    }
  });
});
