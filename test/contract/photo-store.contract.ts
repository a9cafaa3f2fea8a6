import { beforeEach, describe, expect, it } from 'vitest';
import type { PhotoStore } from '@core/ports/photo-store';

export interface PhotoStoreUnderTest {
  store: PhotoStore;
  /** The bytes stored behind a URL the store handed out, read by the adapter's own means; undefined when none. */
  read(url: string): Promise<Uint8Array | undefined>;
  /** URLs that look close to this store's own but belong to someone else (another bucket, another host...). */
  foreignUrls?: string[];
}

export type PhotoStoreFactory = () => Promise<PhotoStoreUnderTest>;

const JPEG_BYTES = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0, 255, 0xff, 0xd9]);
const PNG_BYTES = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 8, 7]);

const uuid = () => crypto.randomUUID();

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return undefined;
}

/** One contract, run against the in-memory fake and every real photo store alike. */
export function photoStoreContract(name: string, factory: PhotoStoreFactory): void {
  describe(`photo store: ${name}`, () => {
    let subject: PhotoStoreUnderTest;
    let store: PhotoStore;
    beforeEach(async () => {
      subject = await factory();
      store = subject.store;
    });

    /** What the store puts before a name, learnt from a real save: `/uploads`, `https://storage.googleapis.com/bucket`. */
    async function prefixOfStore(): Promise<string> {
      const name = `${uuid()}.png`;
      const { url } = await store.save(name, PNG_BYTES, 'image/png');
      expect(url.endsWith(`/${name}`)).toBe(true);
      return url.slice(0, -name.length - 1);
    }

    it('saves the bytes under the name and hands back a URL it owns, where those bytes are', async () => {
      const name = `${uuid()}.jpg`;
      const { url } = await store.save(name, JPEG_BYTES, 'image/jpeg');
      expect(url.endsWith(`/${name}`)).toBe(true);
      expect(url.startsWith('/') || url.startsWith('https://')).toBe(true);
      expect(store.owns(url)).toBe(true);
      expect(await subject.read(url)).toEqual(JPEG_BYTES);
    });

    it('keeps every accepted type under its own extension', async () => {
      const kinds = [
        ['jpg', 'image/jpeg'],
        ['png', 'image/png'],
        ['gif', 'image/gif'],
        ['webp', 'image/webp'],
      ] as const;
      for (const [extension, contentType] of kinds) {
        const bytes = Uint8Array.from([extension.length, 1, 2, 3]);
        const { url } = await store.save(`${uuid()}.${extension}`, bytes, contentType);
        expect(store.owns(url)).toBe(true);
        expect(await subject.read(url)).toEqual(bytes);
      }
    });

    it('keeps two photos apart', async () => {
      const first = await store.save(`${uuid()}.jpg`, JPEG_BYTES, 'image/jpeg');
      const second = await store.save(`${uuid()}.png`, PNG_BYTES, 'image/png');
      expect(first.url).not.toBe(second.url);
      expect(await subject.read(first.url)).toEqual(JPEG_BYTES);
      expect(await subject.read(second.url)).toEqual(PNG_BYTES);
    });

    it('stores what it was given when it was given it: reusing the buffer afterwards changes nothing', async () => {
      const bytes = Uint8Array.from(JPEG_BYTES);
      const { url } = await store.save(`${uuid()}.jpg`, bytes, 'image/jpeg');
      bytes.fill(0);
      expect(await subject.read(url)).toEqual(JPEG_BYTES);
    });

    it('never overwrites a photo: a second save under the same name fails and the first bytes stay', async () => {
      const name = `${uuid()}.jpg`;
      const { url } = await store.save(name, JPEG_BYTES, 'image/jpeg');
      expect(await rejectionOf(store.save(name, Uint8Array.from([0xff, 0xd8, 0xff, 0]), 'image/jpeg'))).toBeInstanceOf(Error);
      expect(await subject.read(url)).toEqual(JPEG_BYTES);
    });

    it('refuses any name that is not a server-made <uuid>.<jpg|png|gif|webp>', async () => {
      const id = uuid();
      const unsafe = [
        `../${id}.jpg`,
        `../../etc/${id}.jpg`,
        `nested/${id}.jpg`,
        `/${id}.jpg`,
        `${id}.jpg/../${id}.jpg`,
        `..\\${id}.jpg`,
        `%2e%2e%2f${id}.jpg`,
        `.${id}.jpg`,
        `${id}.jpg\0.png`,
        `${id}.svg`,
        `${id}.html`,
        `${id}.jpg.html`,
        `${id}`,
        'photo.jpg',
        '..',
        '',
      ];
      for (const name of unsafe) {
        const error = await rejectionOf(store.save(name, JPEG_BYTES, 'image/jpeg'));
        expect(error, `name ${JSON.stringify(name)}`).toBeInstanceOf(Error);
      }
    });

    it('refuses a content type that disagrees with the extension', async () => {
      const id = uuid();
      for (const contentType of ['image/svg+xml', 'text/html', 'image/png', '']) {
        expect(await rejectionOf(store.save(`${id}.jpg`, JPEG_BYTES, contentType)), contentType).toBeInstanceOf(Error);
      }
      expect(await subject.read(`${await prefixOfStore()}/${id}.jpg`)).toBeUndefined();
    });

    it('owns only URLs of its own shape, never a look-alike', async () => {
      const prefix = await prefixOfStore();
      const id = uuid();
      const own = `${prefix}/${id}.jpg`;
      expect(store.owns(own)).toBe(true);
      const notOwned = [
        `${own}?download=1`,
        `${own}#x`,
        `${own}/`,
        `${prefix}/${id}.svg`,
        `${prefix}/../${id}.jpg`,
        `${prefix}/nested/${id}.jpg`,
        `${prefix}/%2e%2e/${id}.jpg`,
        `${prefix}-evil/${id}.jpg`,
        `${prefix}${id}.jpg`,
        `${prefix}/`,
        prefix,
        ` ${own}`,
        `${own} `,
        own.toUpperCase(),
        `https://evil.example/uploads/${id}.jpg`,
        `https://evil.example${prefix.startsWith('/') ? prefix : ''}/${id}.jpg`,
        `//evil.example/uploads/${id}.jpg`,
        `javascript:alert(document.cookie)//${prefix}/${id}.jpg`,
        'javascript:alert(1)',
        `data:image/png;base64,${Buffer.from(PNG_BYTES).toString('base64')}`,
        `http://storage.googleapis.com/bucket/${id}.jpg`,
        '',
        ...(subject.foreignUrls ?? []),
      ];
      for (const url of notOwned) {
        expect(store.owns(url), url).toBe(false);
      }
    });

    it('says a photo it keeps is there, and no photo for a name it has not, a copy, or a URL not its own', async () => {
      const id = uuid();
      const photo = await store.save(`${id}-800x1200.jpg`, JPEG_BYTES, 'image/jpeg');
      const copy = await store.save(`${id}-800x1200-480w.webp`, PNG_BYTES, 'image/webp');
      expect(await store.exists(photo.url)).toBe(true);
      expect(await store.exists(copy.url)).toBe(false);
      const prefix = photo.url.slice(0, photo.url.lastIndexOf('/'));
      expect(await store.exists(`${prefix}/${uuid()}-800x1200.jpg`)).toBe(false);
      expect(await store.exists(`${prefix}/../${id}-800x1200.jpg`)).toBe(false);
      expect(await store.exists(`https://evil.example/uploads/${id}-800x1200.jpg`)).toBe(false);
      for (const url of subject.foreignUrls ?? []) expect(await store.exists(url), url).toBe(false);
    });

    it('reads back what it keeps (a photo, a copy, a share picture), and nothing for a name it has not or a URL not its own', async () => {
      const id = uuid();
      const photo = await store.save(`${id}-800x1200.jpg`, JPEG_BYTES, 'image/jpeg');
      const copy = await store.save(`${id}-800x1200-480w.webp`, PNG_BYTES, 'image/webp');
      const share = await store.save(`${id}-800x1200-share-50-20.jpg`, JPEG_BYTES, 'image/jpeg');
      expect(await store.read(photo.url)).toEqual(JPEG_BYTES);
      expect(await store.read(copy.url)).toEqual(PNG_BYTES);
      expect(await store.read(share.url)).toEqual(JPEG_BYTES);
      const prefix = photo.url.slice(0, photo.url.lastIndexOf('/'));
      expect(await store.read(`${prefix}/${uuid()}-800x1200.jpg`)).toBeNull();
      expect(await store.read(`${prefix}/../${id}-800x1200.jpg`)).toBeNull();
      expect(await store.read(`https://evil.example/uploads/${id}-800x1200.jpg`)).toBeNull();
      for (const url of subject.foreignUrls ?? []) expect(await store.read(url), url).toBeNull();
    });

    it('removes a photo with its copies and share pictures, leaves other photos, and takes a second removal calmly', async () => {
      const id = uuid();
      const photo = await store.save(`${id}-800x1200.jpg`, JPEG_BYTES, 'image/jpeg');
      const copy = await store.save(`${id}-800x1200-480w.webp`, PNG_BYTES, 'image/webp');
      const share = await store.save(`${id}-800x1200-share-50-20.jpg`, JPEG_BYTES, 'image/jpeg');
      const other = await store.save(`${uuid()}-800x1200.jpg`, JPEG_BYTES, 'image/jpeg');
      await store.remove(photo.url);
      expect(await store.read(photo.url)).toBeNull();
      expect(await store.read(copy.url)).toBeNull();
      expect(await store.read(share.url)).toBeNull();
      expect(await store.exists(photo.url)).toBe(false);
      expect(await store.read(other.url)).toEqual(JPEG_BYTES);
      await store.remove(photo.url);
      await store.remove(`https://evil.example/uploads/${id}-800x1200.jpg`);
      expect(await store.read(other.url)).toEqual(JPEG_BYTES);
    });
  });
}
