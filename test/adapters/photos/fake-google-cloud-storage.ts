import { createHash, createVerify, generateKeyPairSync } from 'node:crypto';
import { CRC32C, Storage } from '@google-cloud/storage';
import { http, HttpResponse } from 'msw';

/**
 * MSW handlers answering as Google does for the two calls an upload makes (the OAuth token exchange
 * of a service account, and the JSON API's multipart upload) and for a public object's download.
 * Only what those calls need is modelled.
 */

export interface ReceivedUpload {
  bucket: string;
  name: string;
  query: URLSearchParams;
  authorization: string | null;
  /** The Content-Type of the media part of the multipart body. */
  mediaContentType: string | undefined;
  /** The object resource sent in the JSON part of the multipart body. */
  metadata: Record<string, unknown>;
  bytes: Buffer;
}

export const PROJECT_ID = 'test-project';
const CLIENT_EMAIL = `photos@${PROJECT_ID}.iam.gserviceaccount.com`;

/** A fresh service-account key, so the SDK signs a real JWT and nothing is committed. */
const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});

const ACCESS_TOKEN = 'ya29.test-access-token';

function gcsError(code: number, reason: string, message: string) {
  return HttpResponse.json({ error: { code, message, errors: [{ message, domain: 'global', reason }] } }, { status: code });
}

/** Splits a multipart/related body into its parts, byte-exact. */
function multipartParts(body: Buffer, contentType: string): { headers: Record<string, string>; body: Buffer }[] {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (!boundary) throw new Error(`No boundary in ${contentType}`);
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { headers: Record<string, string>; body: Buffer }[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break; // the closing delimiter
    const next = body.indexOf(delimiter, start);
    const part = body.subarray(start + 2, next === -1 ? body.length : next - 2); // CRLF after the delimiter and before the next
    const split = part.indexOf('\r\n\r\n');
    const headers = Object.fromEntries(
      part
        .subarray(0, split)
        .toString()
        .split('\r\n')
        .map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    parts.push({ headers, body: part.subarray(split + 4) });
    at = next;
  }
  return parts;
}

export function fakeGoogleCloudStorage() {
  const uploads: ReceivedUpload[] = [];
  const objects = new Map<string, ReceivedUpload>();
  let generation = 1_718_000_000_000_000;

  const handlers = [
    http.post('https://oauth2.googleapis.com/token', async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      const assertion = form.get('assertion') ?? '';
      const [header, claims, signature] = assertion.split('.');
      const verifier = createVerify('RSA-SHA256');
      verifier.update(`${header}.${claims}`);
      const signed =
        form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
        verifier.verify(publicKey, signature ?? '', 'base64url');
      const issuer = JSON.parse(Buffer.from(claims ?? '', 'base64url').toString() || '{}').iss;
      if (!signed || issuer !== CLIENT_EMAIL) {
        return HttpResponse.json({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }, { status: 400 });
      }
      return HttpResponse.json({ access_token: ACCESS_TOKEN, expires_in: 3599, token_type: 'Bearer' });
    }),

    http.post('https://storage.googleapis.com/upload/storage/v1/b/:bucket/o', async ({ request, params }) => {
      const url = new URL(request.url);
      if (request.headers.get('authorization') !== `Bearer ${ACCESS_TOKEN}`) {
        return gcsError(401, 'required', 'Anonymous caller does not have storage.objects.create access.');
      }
      if (url.searchParams.get('uploadType') !== 'multipart') return gcsError(400, 'invalid', 'Only multipart uploads are modelled.');
      const bucket = String(params.bucket);
      const name = url.searchParams.get('name') ?? '';
      const [meta, media] = multipartParts(Buffer.from(await request.arrayBuffer()), request.headers.get('content-type') ?? '');
      const upload: ReceivedUpload = {
        bucket,
        name,
        query: url.searchParams,
        authorization: request.headers.get('authorization'),
        mediaContentType: media?.headers['content-type'],
        metadata: JSON.parse(meta?.body.toString() ?? '{}'),
        bytes: Buffer.from(media?.body ?? Buffer.alloc(0)),
      };
      uploads.push(upload);
      const key = `${bucket}/${name}`;
      if (url.searchParams.get('ifGenerationMatch') === '0' && objects.has(key)) {
        return gcsError(412, 'conditionNotMet', 'At least one of the pre-conditions you specified did not hold.');
      }
      objects.set(key, upload);
      generation += 1;
      const crc32c = new CRC32C();
      crc32c.update(upload.bytes);
      const now = new Date().toISOString();
      return HttpResponse.json({
        kind: 'storage#object',
        id: `${bucket}/${name}/${generation}`,
        selfLink: `https://www.googleapis.com/storage/v1/b/${bucket}/o/${encodeURIComponent(name)}`,
        mediaLink: `https://storage.googleapis.com/download/storage/v1/b/${bucket}/o/${encodeURIComponent(name)}?generation=${generation}&alt=media`,
        name,
        bucket,
        generation: String(generation),
        metageneration: '1',
        contentType: upload.metadata.contentType ?? upload.mediaContentType,
        cacheControl: upload.metadata.cacheControl,
        storageClass: 'STANDARD',
        size: String(upload.bytes.length),
        md5Hash: createHash('md5').update(upload.bytes).digest('base64'),
        crc32c: crc32c.toString(),
        etag: 'CJ+6yLz1+YYDEAE=',
        timeCreated: now,
        updated: now,
        timeStorageClassUpdated: now,
      });
    }),

    // The JSON API's list and delete, as the SDK calls them to remove a photo and its copies.
    http.get('https://storage.googleapis.com/storage/v1/b/:bucket/o', ({ request, params }) => {
      if (request.headers.get('authorization') !== `Bearer ${ACCESS_TOKEN}`)
        return gcsError(401, 'required', 'Anonymous caller does not have storage.objects.list access.');
      const prefix = new URL(request.url).searchParams.get('prefix') ?? '';
      const bucket = String(params.bucket);
      const items = [...objects.values()]
        .filter((object) => object.bucket === bucket && object.name.startsWith(prefix))
        .map((object) => ({ kind: 'storage#object', name: object.name, bucket }));
      return HttpResponse.json({ kind: 'storage#objects', items });
    }),
    http.delete('https://storage.googleapis.com/storage/v1/b/:bucket/o/:name', ({ request, params }) => {
      if (request.headers.get('authorization') !== `Bearer ${ACCESS_TOKEN}`)
        return gcsError(401, 'required', 'Anonymous caller does not have storage.objects.delete access.');
      const key = `${String(params.bucket)}/${decodeURIComponent(String(params.name))}`;
      if (!objects.delete(key)) return gcsError(404, 'notFound', 'No such object.');
      return new HttpResponse(null, { status: 204 });
    }),

    // A public object, asked after and read as anyone does (the bucket grants allUsers objectViewer).
    http.head(
      'https://storage.googleapis.com/:bucket/:name',
      ({ params }) => new HttpResponse(null, { status: objects.has(`${String(params.bucket)}/${String(params.name)}`) ? 200 : 404 }),
    ),
    http.get('https://storage.googleapis.com/:bucket/:name', ({ params }) => {
      const object = objects.get(`${String(params.bucket)}/${String(params.name)}`);
      if (!object)
        return new HttpResponse('<Error><Code>NoSuchKey</Code></Error>', { status: 404, headers: { 'content-type': 'application/xml' } });
      return new HttpResponse(object.bytes, {
        headers: { 'content-type': String(object.metadata.contentType ?? object.mediaContentType) },
      });
    }),
  ];

  return {
    handlers,
    uploads,
    /** What GCS holds at a public object URL, or undefined. */
    objectAt(url: string): ReceivedUpload | undefined {
      const match = /^https:\/\/storage\.googleapis\.com\/([^/]+)\/(.+)$/.exec(url);
      return match ? objects.get(`${match[1]}/${match[2]}`) : undefined;
    },
    /**
     * The service-account key file that Google's application default credentials read when
     * GOOGLE_APPLICATION_CREDENTIALS names it: the SDK then signs with a key the token handler trusts.
     */
    serviceAccountKey(): string {
      return JSON.stringify({
        type: 'service_account',
        project_id: PROJECT_ID,
        private_key_id: 'test-key',
        private_key: privateKey,
        client_email: CLIENT_EMAIL,
        client_id: '100000000000000000001',
        token_uri: 'https://oauth2.googleapis.com/token',
      });
    },
    /** A real SDK client on application default credentials (see serviceAccountKey); `retries: 0` for one that gives up at once. */
    storage(options: { retries?: number } = {}): Storage {
      return new Storage({
        projectId: PROJECT_ID,
        ...(options.retries === undefined ? {} : { retryOptions: { autoRetry: options.retries > 0, maxRetries: options.retries } }),
      });
    },
    reset(): void {
      uploads.length = 0;
      objects.clear();
    },
  };
}

export { recordUnhandledRequests } from '../../support/msw-unhandled';
