import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GcsPhotoStore, PHOTO_CACHE_CONTROL } from '../../../adapters/photos/gcs-photo-store';
import { PhotoStoreUnavailableError } from '@core/ports/photo-store';
import { pngBytes } from '../../support/images';
import { fakeGoogleCloudStorage, recordUnhandledRequests } from './fake-google-cloud-storage';

const UPLOAD_URL = 'https://storage.googleapis.com/upload/storage/v1/b/:bucket/o';

const gcs = fakeGoogleCloudStorage();
const server = setupServer(...gcs.handlers);
const { strict, unhandled } = recordUnhandledRequests();
let keys: string;

beforeAll(async () => {
  server.listen({ onUnhandledFrame: strict });
  keys = await mkdtemp(join(tmpdir(), 'gcs-key-'));
  await writeFile(join(keys, 'key.json'), gcs.serviceAccountKey());
  vi.stubEnv('GOOGLE_APPLICATION_CREDENTIALS', join(keys, 'key.json'));
});
beforeEach(() => gcs.reset());
afterEach(() => {
  server.resetHandlers();
  // The SDK catches network errors (and may retry them): a request nobody answered must still fail the test.
  expect(unhandled.splice(0)).toEqual([]);
});
afterAll(async () => {
  server.close();
  vi.unstubAllEnvs();
  await rm(keys, { recursive: true, force: true });
});

describe('GcsPhotoStore', () => {
  const store = () => new GcsPhotoStore({ bucket: 'family-photos', storage: gcs.storage() });

  it('uploads in one multipart request with the content type, a year of immutable caching, and the exact bytes', async () => {
    const bytes = await pngBytes({ width: 300, height: 200 });
    const name = `${crypto.randomUUID()}.png`;

    const { url } = await store().save(name, bytes, 'image/png');

    expect(url).toBe(`https://storage.googleapis.com/family-photos/${name}`);
    expect(gcs.uploads).toHaveLength(1);
    const [upload] = gcs.uploads;
    expect(upload).toMatchObject({
      bucket: 'family-photos',
      name,
      authorization: 'Bearer ya29.test-access-token',
      mediaContentType: 'image/png',
      metadata: { contentType: 'image/png', cacheControl: 'public, max-age=31536000, immutable' },
    });
    expect(PHOTO_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
    expect(upload?.query.get('uploadType')).toBe('multipart');
    // Create-only: GCS refuses to replace an existing object, which also makes a retry safe.
    expect(upload?.query.get('ifGenerationMatch')).toBe('0');
    expect(upload?.bytes.equals(bytes)).toBe(true);
  });

  it('rejects, without hanging, when GCS refuses the upload', async () => {
    server.use(
      http.post(UPLOAD_URL, () =>
        HttpResponse.json(
          {
            error: {
              code: 403,
              message:
                'photos@test-project.iam.gserviceaccount.com does not have storage.objects.create access to the Google Cloud Storage object.',
              errors: [{ domain: 'global', reason: 'forbidden', message: 'Permission denied' }],
            },
          },
          { status: 403 },
        ),
      ),
    );
    const started = Date.now();
    const refused = await store()
      .save(`${crypto.randomUUID()}.jpg`, Uint8Array.of(1, 2, 3), 'image/jpeg')
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 403 });
    // A missing permission is the setup's fault: not an outage a family should wait out.
    expect(refused).not.toBeInstanceOf(PhotoStoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reports an upload GCS kept failing, or that the network dropped, as an outage; not one it cannot sign', async () => {
    const giveUpAtOnce = new GcsPhotoStore({ bucket: 'family-photos', storage: gcs.storage({ retries: 0 }) });
    const upload = () =>
      giveUpAtOnce.save(`${crypto.randomUUID()}.gif`, Uint8Array.of(0x47, 0x49, 0x46), 'image/gif').catch((error: unknown) => error);
    server.use(
      http.post(UPLOAD_URL, () =>
        HttpResponse.json({ error: { code: 503, message: 'Backend Error', errors: [{ reason: 'backendError' }] } }, { status: 503 }),
      ),
    );
    expect(await upload()).toBeInstanceOf(PhotoStoreUnavailableError);
    server.use(http.post(UPLOAD_URL, () => HttpResponse.error()));
    expect(await upload()).toBeInstanceOf(PhotoStoreUnavailableError);
    server.resetHandlers();
    // Credentials that cannot be read are the setup's fault, however the SDK names it.
    const unreadableKey = Object.assign(new Error('ENOENT: no such file or directory, open /etc/keys/photos.json'), { code: 'ENOENT' });
    const unsigned = new GcsPhotoStore({
      bucket: 'family-photos',
      storage: { bucket: () => ({ file: () => ({ save: () => Promise.reject(unreadableKey) }) }) } as never,
    });
    expect(await unsigned.save(`${crypto.randomUUID()}.gif`, Uint8Array.of(1), 'image/gif').catch((error: unknown) => error)).toBe(
      unreadableKey,
    );
  });

  it('reports GCS failing for a moment as an outage when a photo is looked up or read, and a refusal as it is', async () => {
    const { url } = await store().save(`${crypto.randomUUID()}.png`, Uint8Array.of(1), 'image/png');
    const attempts = { exists: () => store().exists(url), read: () => store().read(url) };
    for (const [answer, outage] of [
      [() => new HttpResponse(null, { status: 503 }), true],
      [() => new HttpResponse(null, { status: 429 }), true],
      [() => HttpResponse.error(), true],
      [() => new HttpResponse(null, { status: 403 }), false],
    ] as const) {
      server.use(
        http.head('https://storage.googleapis.com/:bucket/:name', answer),
        http.get('https://storage.googleapis.com/:bucket/:name', answer),
      );
      for (const [call, attempt] of Object.entries(attempts)) {
        const failed = await attempt().then(
          () => 'answered',
          (error: unknown) => error,
        );
        expect([call, answer().status, failed instanceof PhotoStoreUnavailableError]).toEqual([call, answer().status, outage]);
        expect(failed).toBeInstanceOf(Error);
      }
      server.resetHandlers();
    }
    expect(await store().exists(url)).toBe(true);
  });

  it('retries a transient 503, since a create-only upload is safe to repeat', async () => {
    let attempts = 0;
    server.use(
      http.post(UPLOAD_URL, () => {
        attempts += 1;
        if (attempts > 1) return undefined; // fall through to the fake GCS
        return HttpResponse.json({ error: { code: 503, message: 'Backend Error', errors: [{ reason: 'backendError' }] } }, { status: 503 });
      }),
    );
    const name = `${crypto.randomUUID()}.gif`;
    const { url } = await store().save(name, Uint8Array.of(0x47, 0x49, 0x46), 'image/gif');
    expect(attempts).toBe(2);
    expect(gcs.objectAt(url)?.bytes).toEqual(Buffer.of(0x47, 0x49, 0x46));
  });

  it('refuses a bucket name GCS would not accept, at construction', () => {
    for (const bucket of ['', 'a', 'Family', 'family/photos', '../x', 'family photos', 'https://evil.example']) {
      expect(() => new GcsPhotoStore({ bucket, storage: gcs.storage() }), bucket).toThrow();
    }
    expect(
      new GcsPhotoStore({ bucket: 'mitzvah.photos_2026-prod' }).owns(
        `https://storage.googleapis.com/mitzvah.photos_2026-prod/${crypto.randomUUID()}.webp`,
      ),
    ).toBe(true);
  });
});
