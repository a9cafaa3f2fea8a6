import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { InMemoryPhotoStore } from '../../adapters/in-memory/in-memory-photo-store';
import { createGcsPhotoStore } from '../../adapters/photos/gcs-photo-store';
import { LocalDiskPhotoStore } from '../../adapters/photos/local-disk-photo-store';
import { fakeGoogleCloudStorage, recordUnhandledRequests } from '../adapters/photos/fake-google-cloud-storage';
import { photoStoreContract } from './photo-store.contract';

const gcs = fakeGoogleCloudStorage();
// Nothing here may reach the internet: any request MSW does not answer fails the test.
const server = setupServer(...gcs.handlers);
const { strict, unhandled } = recordUnhandledRequests();
const directories: string[] = [];

beforeAll(async () => {
  server.listen({ onUnhandledFrame: strict });
  // Application default credentials, as on a server: a service-account key file named by the environment.
  const keys = await mkdtemp(join(tmpdir(), 'gcs-key-'));
  directories.push(keys);
  await writeFile(join(keys, 'key.json'), gcs.serviceAccountKey());
  vi.stubEnv('GOOGLE_APPLICATION_CREDENTIALS', join(keys, 'key.json'));
});
afterEach(() => {
  server.resetHandlers();
  // The SDK catches network errors (and may retry them): a request nobody answered must still fail the test.
  expect(unhandled.splice(0)).toEqual([]);
});
afterAll(async () => {
  server.close();
  vi.unstubAllEnvs();
  await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
});

photoStoreContract('in-memory fake', async () => {
  const store = new InMemoryPhotoStore();
  return { store, read: async (url) => store.stored(url)?.bytes };
});

photoStoreContract('local disk', async () => {
  const root = await mkdtemp(join(tmpdir(), 'photo-store-'));
  directories.push(root);
  const directory = join(root, 'uploads'); // not there yet: the store creates it
  return {
    store: new LocalDiskPhotoStore({ directory, publicPath: '/uploads' }),
    async read(url) {
      if (!url.startsWith('/uploads/')) return undefined;
      try {
        return new Uint8Array(await readFile(join(directory, url.slice('/uploads/'.length))));
      } catch {
        return undefined;
      }
    },
    foreignUrls: [`/uploads2/${crypto.randomUUID()}.jpg`, `https://storage.googleapis.com/uploads/${crypto.randomUUID()}.jpg`],
  };
});

photoStoreContract('Google Cloud Storage (official SDK, MSW as Google)', async () => {
  gcs.reset();
  const id = crypto.randomUUID();
  return {
    // The production path: the SDK loaded on demand, on application default credentials.
    store: await createGcsPhotoStore('family-photos'),
    read: async (url) => {
      const object = gcs.objectAt(url);
      return object ? new Uint8Array(object.bytes) : undefined;
    },
    foreignUrls: [
      `https://storage.googleapis.com/other-bucket/${id}.jpg`,
      `https://storage.googleapis.com/family-photos-archive/${id}.jpg`,
      `https://storage.googleapis.com/family/${id}.jpg`,
      `https://storage.googleapis.com/family-photos/nested/${id}.jpg`,
      `https://storage.googleapis.com.evil.example/family-photos/${id}.jpg`,
      `https://family-photos.storage.googleapis.com/${id}.jpg`,
      `https://storage.cloud.google.com/family-photos/${id}.jpg`,
      `http://storage.googleapis.com/family-photos/${id}.jpg`,
      `/uploads/${id}.jpg`,
    ],
  };
});
