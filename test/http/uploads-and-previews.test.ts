import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_QUEUE_LIMITS } from '../../bootstrap/start-server';
import { PHOTOS_UNAVAILABLE } from '@core/photo/photo-store-unavailable';
import { signedIn } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { exifHasGps, jpegWithGps, pngBytes, svgBytes, textBytes } from '../support/images';
import { startTestServer, type TestServer } from '../support/test-server';
import { aRegistryBody } from '../support/registries';

let server: TestServer;

const execFileAsync = promisify(execFile);

/**
 * Sends `times` uploads of a photo-sized body one after the other from a separate Node process
 * (Node's fetch, signed out), answering each one's status, Connection header and error, or what
 * broke on the way.
 */
async function uploadsFromAnotherProcess(url: string, options: { megabytes: number; times: number }) {
  const script = `
    const answers = [];
    for (let attempt = 0; attempt < ${options.times}; attempt += 1) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(${options.megabytes} * 1024 * 1024)], { type: 'image/png' }), 'party.png');
      try {
        const response = await fetch(${JSON.stringify(url)}, { method: 'POST', body: form, headers: { 'X-Forwarded-Proto': 'https' } });
        answers.push({ status: response.status, connection: response.headers.get('connection'), error: (await response.json()).error });
      } catch (error) {
        answers.push({ broken: String(error.cause?.code ?? error.message) });
      }
    }
    console.log(JSON.stringify(answers));`;
  const { stdout } = await execFileAsync(process.execPath, ['--input-type=module', '-e', script]);
  return JSON.parse(stdout) as unknown[];
}

beforeAll(async () => {
  // A stand-in for the built app shell, so the preview tags can be checked without a web build.
  const webRoot = path.join(tmpdir(), `registry-web-${Date.now()}`);
  mkdirSync(webRoot, { recursive: true });
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="Mitzvah Gifts" /><title>Mitzvah Gifts</title></head><body><div id="root"></div></body></html>',
  );
  server = await startTestServer({ webRoot, env: { PUBLIC_URL: 'https://gifts.example.org' } });
});
afterAll(async () => {
  await server?.close();
});

describe('POST /api/objects/upload', () => {
  it('takes a JPEG, strips its location, stores it under a server-made name and serves it', async () => {
    const { client } = await signedIn(server);
    const original = await jpegWithGps();
    expect(exifHasGps((await sharp(original).metadata()).exif)).toBe(true);

    const response = await client.upload('/api/objects/upload', { bytes: original, name: 'IMG_0001 at home.jpg', type: 'image/jpeg' });
    expect(response.status).toBe(201);
    expect(response.json.photoUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}-64x48\.jpg$/);

    const served = await fetch(`${server.url}${response.json.photoUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const stored = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(exifHasGps(metadata.exif)).toBe(false);
    expect(metadata.exif).toBeUndefined();
  });

  it('stores smaller AVIF and WebP copies beside a big photo, never wider than it, named after it', async () => {
    const { client } = await signedIn(server);
    const response = await client.upload('/api/objects/upload', {
      bytes: await jpegWithGps({ width: 1200, height: 900 }),
      name: 'big.jpg',
      type: 'image/jpeg',
    });
    expect(response.status).toBe(201);
    const photoUrl = response.json.photoUrl as string;
    expect(photoUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}-1200x900\.jpg$/);
    const base = photoUrl.replace(/\.jpg$/, '');
    for (const [width, format, type] of [
      [480, 'avif', 'image/avif'],
      [480, 'webp', 'image/webp'],
      [960, 'avif', 'image/avif'],
      [960, 'webp', 'image/webp'],
    ] as const) {
      const served = await fetch(`${server.url}${base}-${width}w.${format}`);
      expect(served.status, `${width}w.${format}`).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(metadata.width).toBe(width);
      expect(metadata.height).toBe((width * 3) / 4);
      expect(metadata.exif).toBeUndefined();
    }
    // 1200 is under the largest copy width (1440): its own width is the largest copy, not an enlargement.
    expect((await fetch(`${server.url}${base}-1200w.webp`)).status).toBe(200);
    expect((await fetch(`${server.url}${base}-1440w.webp`)).status).toBe(404);
    // A copy is not something a registry may point at.
    const created = await client.post('/api/registries', aRegistryBody({ photoUrl: `${base}-480w.webp` }));
    expect(created.status).toBe(400);
  });

  it('goes by the bytes, not the name: a PNG called .gif is stored as a PNG', async () => {
    const { client } = await signedIn(server);
    const response = await client.upload('/api/objects/upload', { bytes: await pngBytes(), name: 'party.gif', type: 'image/gif' });
    expect(response.status).toBe(201);
    expect(response.json.photoUrl).toMatch(/\.png$/);
  });

  it.each([
    ['an SVG', () => svgBytes(), 'logo.svg', 'image/svg+xml'],
    ['a text file named .jpg', () => textBytes(), 'photo.jpg', 'image/jpeg'],
  ])('refuses %s with 415 and an error message', async (_label, bytes, name, type) => {
    const { client } = await signedIn(server);
    const response = await client.upload('/api/objects/upload', { bytes: bytes(), name, type });
    expect(response.status).toBe(415);
    expect(response.json.error).toBe('Only JPEG, PNG, GIF or WebP images can be uploaded');
    expect(response.json.message).toBe(response.json.error);
  });

  it('refuses 11 MB with 413', async () => {
    const { client } = await signedIn(server);
    const eleven = new Uint8Array(11 * 1024 * 1024);
    eleven.set(await jpegWithGps());
    const response = await client.upload('/api/objects/upload', { bytes: eleven, name: 'huge.jpg', type: 'image/jpeg' });
    expect(response.status).toBe(413);
    expect(response.json.error).toBe('File exceeds 10MB limit');
  });

  it('refuses visitors before reading the file, and a body without a file', async () => {
    const visitor = new HttpClient(server.url);
    expect((await visitor.upload('/api/objects/upload', { bytes: await pngBytes(), name: 'a.png', type: 'image/png' })).status).toBe(401);
    const { client } = await signedIn(server);
    expect((await client.upload('/api/objects/upload', null)).status).toBe(400);
    expect(
      (await client.upload('/api/objects/upload', { bytes: await pngBytes(), name: 'a.png', type: 'image/png' }, 'photo')).status,
    ).toBe(400);
    expect((await client.post('/api/objects/upload', { photoUrl: '/uploads/x.png' })).status).toBe(400);
  });

  it('answers a visitor who sends a whole photo with 401, not a broken pipe, on a connection that stays usable', async () => {
    // A client in a process of its own, as a browser or script is: in this one, the test's own event
    // loop lets the answer in before the server's closing is felt.
    const answers = await uploadsFromAnotherProcess(`${server.url}/api/objects/upload`, { megabytes: 9, times: 3 });
    expect(answers).toEqual(Array(3).fill({ status: 401, connection: 'keep-alive', error: 'Please sign in first' }));
  });

  it('decodes a few photos at a time, and answers an upload beyond the queue 503 with when to try again', async () => {
    const { client } = await signedIn(server);
    // 42 megapixels of one colour: a small file, under the pixel limit, slow to decode.
    const heavy = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: { r: 250, g: 240, b: 230 } } })
      .png()
      .toBuffer();
    const count = PHOTO_QUEUE_LIMITS.concurrency + PHOTO_QUEUE_LIMITS.maxWaiting + 4;
    const answers = await Promise.all(
      Array.from({ length: count }, () => client.upload('/api/objects/upload', { bytes: heavy, name: 'hall.png', type: 'image/png' })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.every((status) => status === 201 || status === 503),
      statuses.join(' '),
    ).toBe(true);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(PHOTO_QUEUE_LIMITS.concurrency);
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer.json.error).toBe('Many photos are being uploaded right now. Please try again in a few seconds.');
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('refuses an image over the pixel limit with 413 and a message saying so, before decoding it', async () => {
    const { client } = await signedIn(server);
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    const refused = await client.upload('/api/objects/upload', { bytes: bomb, name: 'bomb.png', type: 'image/png' });
    expect(refused.status).toBe(413);
    expect(refused.json.error).toBe(
      'This photo has more pixels than we can take: at most 50 megapixels (8000 × 6000, say). Please choose a smaller one.',
    );
  });

  it('lets other sites (a mail client showing a thank-you card) embed the photos, and nothing else', async () => {
    const { client } = await signedIn(server);
    const uploaded = await client.upload('/api/objects/upload', {
      bytes: await jpegWithGps({ width: 1200, height: 900 }),
      name: 'a.jpg',
      type: 'image/jpeg',
    });
    const photoUrl = uploaded.json.photoUrl as string;
    for (const path of [photoUrl, photoUrl.replace(/\.jpg$/, '-480w.webp')]) {
      const served = await fetch(`${server.url}${path}`);
      expect(served.status, path).toBe(200);
      expect(served.headers.get('cross-origin-resource-policy'), path).toBe('cross-origin');
    }
    for (const path of ['/', '/api/config', '/uploads/00000000-0000-4000-8000-000000000000.jpg', '/uploads/session-secret']) {
      const other = await fetch(`${server.url}${path}`);
      expect(other.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
    }
  });

  it('takes 100 photos an hour from one account, then answers 429 with how long to wait', async () => {
    const { client } = await signedIn(server);
    const photo = { bytes: await pngBytes({ width: 8, height: 8 }), name: 'a.png', type: 'image/png' };
    for (let upload = 0; upload < 100; upload += 1) expect((await client.upload('/api/objects/upload', photo)).status).toBe(201);
    const refused = await client.upload('/api/objects/upload', photo);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatch(/^Too many photo uploads\. Please try again in \d+ minute\(s\)\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('does not serve anything but stored photos under /uploads', async () => {
    const secret = readFileSync(path.join(server.dataDir, 'session-secret'), 'utf8').trim();
    for (const probe of [
      '/uploads/../session-secret',
      '/uploads/%2e%2e%2fsession-secret',
      '/uploads/..%2fsession-secret',
      '/uploads/session-secret',
    ]) {
      const text = await (await fetch(`${server.url}${probe}`)).text();
      expect(text, probe).not.toContain(secret);
    }
    expect((await fetch(`${server.url}/uploads/00000000-0000-4000-8000-000000000000.jpg`)).status).toBe(404);
  });

  it('lets a registry use an uploaded photo', async () => {
    const { client } = await signedIn(server);
    const uploaded = await client.upload('/api/objects/upload', { bytes: await pngBytes(), name: 'a.png', type: 'image/png' });
    const created = await client.post('/api/registries', {
      childName: 'Maya Shapiro',
      celebrationDate: '2027-09-12',
      currency: 'USD',
      personalMessage: '',
      photoUrl: uploaded.json.photoUrl,
      preferredCharityId: '',
      allowCharityChoice: true,
    });
    expect(created.status).toBe(201);
    expect(created.json.photoUrl).toBe(uploaded.json.photoUrl);
  });

  it('answers 503 with a message to try again while the photo store fails, changes nothing, and works once it is back', async () => {
    const { client } = await signedIn(server);
    const uploaded = await client.upload('/api/objects/upload', { bytes: await pngBytes(), name: 'a.png', type: 'image/png' });
    const registry = (await client.post('/api/registries', aRegistryBody())).json as unknown as { id: string; photoUrl: string | null };
    const { childName, celebrationDate, personalMessage } = aRegistryBody();
    const edit = { childName, celebrationDate, personalMessage, photoUrl: uploaded.json.photoUrl };
    const uploads = path.join(server.dataDir, 'uploads');
    // The folder turns into a file: every read and write of a photo fails (ENOTDIR), as a broken disk would.
    renameSync(uploads, `${uploads}.away`);
    writeFileSync(uploads, '');
    try {
      const refusedUpload = await client.upload('/api/objects/upload', { bytes: await pngBytes(), name: 'b.png', type: 'image/png' });
      expect([refusedUpload.status, refusedUpload.json]).toEqual([503, { error: PHOTOS_UNAVAILABLE, message: PHOTOS_UNAVAILABLE }]);
      expect(refusedUpload.headers.get('retry-after')).toBe('5');
      // The store's own error is logged for the operator.
      expect(server.logs.filter((line) => line.includes(refusedUpload.headers.get('x-request-id')!)).join('')).toMatch(/EEXIST|ENOTDIR/);
      const refusedEdit = await client.call('PUT', `/api/registries/${registry.id}`, edit);
      expect([refusedEdit.status, refusedEdit.json]).toEqual([503, { message: PHOTOS_UNAVAILABLE }]);
      expect((await client.get(`/api/registries/${registry.id}`)).json.photoUrl).toBe(registry.photoUrl);
      expect(server.logs.filter((line) => line.includes(refusedEdit.headers.get('x-request-id')!)).join('')).toMatch(/ENOTDIR/);
    } finally {
      rmSync(uploads);
      renameSync(`${uploads}.away`, uploads);
    }
    const edited = await client.call('PUT', `/api/registries/${registry.id}`, edit);
    expect([edited.status, edited.json.photoUrl]).toEqual([200, uploaded.json.photoUrl]);
  });
});

describe('shared links', () => {
  it('preview a guest’s personal link as an invitation, never naming the guest and never indexed, and a link that does not work as nothing', async () => {
    const { client } = await signedIn(server);
    const registry = (
      await client.post('/api/registries', {
        childName: 'Maya Katz',
        celebrationDate: '2027-10-03',
        currency: 'USD',
        personalMessage: '',
        photoUrl: null,
        preferredCharityId: '',
        allowCharityChoice: true,
        celebrationType: 'bat',
      })
    ).json as unknown as { id: string };
    const guest = (
      (await client.post(`/api/registries/${registry.id}/guests`, { name: 'Dora Levi', email: 'dora@example.com' })).json.added as {
        id: string;
      }[]
    )[0]!;
    const { url } = (await client.post(`/api/registries/${registry.id}/guests/${guest.id}/link`, {})).json as unknown as { url: string };
    const path = new URL(url).pathname;
    const html = await (await fetch(`${server.url}${path}`)).text();
    expect(html).toContain('<meta property="og:title" content="You’re invited: Maya Katz&#39;s Bat Mitzvah" />');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    // A chat shows the preview to the whole group: the tags never name the guest.
    expect((html.match(/<meta [^>]*>/g) ?? []).join('\n')).not.toContain('Dora');
    expect(await (await fetch(`${server.url}/i/${'x'.repeat(43)}`)).text()).not.toContain('og:title');
  });

  it('name the celebration the family chose', async () => {
    const { client } = await signedIn(server);
    const body = {
      childName: 'Maya Katz',
      celebrationDate: '2027-10-03',
      currency: 'USD',
      personalMessage: '',
      photoUrl: null,
      preferredCharityId: '',
      allowCharityChoice: true,
    };
    const bat = (await client.post('/api/registries', { ...body, celebrationType: 'bat' })).json as unknown as { id: string };
    const bnai = (await client.post('/api/registries', { ...body, childName: 'Noa and Ari', celebrationType: 'bnai' })).json as unknown as {
      id: string;
    };
    expect(await (await fetch(`${server.url}/registry/${bat.id}`)).text()).toContain(
      '<meta property="og:title" content="Maya Katz&#39;s Bat Mitzvah" />',
    );
    expect(await (await fetch(`${server.url}/registry/${bnai.id}`)).text()).toContain(
      '<meta property="og:title" content="Noa and Ari&#39;s B&#39;nai Mitzvah" />',
    );
  });

  it('serve /registry/{id} and /r/{shortCode} with Open Graph and Twitter tags, escaped', async () => {
    const { client } = await signedIn(server);
    const uploaded = await client.upload('/api/objects/upload', { bytes: await pngBytes(), name: 'a.png', type: 'image/png' });
    const created = (
      await client.post('/api/registries', {
        childName: 'Ari "<b>" Katz',
        celebrationDate: '2027-10-03',
        currency: 'USD',
        personalMessage: '',
        photoUrl: uploaded.json.photoUrl,
        preferredCharityId: '',
        allowCharityChoice: true,
      })
    ).json as unknown as { id: string; shortCode: string };

    for (const pagePath of [`/registry/${created.id}`, `/r/${created.shortCode}`]) {
      const html = await (await fetch(`${server.url}${pagePath}`)).text();
      expect(html).toContain('<meta property="og:title" content="Ari &#34;&#60;b&#62;&#34; Katz&#39;s Bar/Bat Mitzvah" />');
      expect(html).toContain('Celebrating on October 3, 2027 (2 Tishrei 5788).');
      const pictureName = `${String(uploaded.json.photoUrl).slice('/uploads/'.length, -'.png'.length)}-share-50-50`;
      expect(html).toContain(
        `<meta property="og:image" content="https://gifts.example.org/api/registries/${created.id}/share-picture?v=${pictureName}" />`,
      );
      expect(html).toContain('<meta property="og:image:width" content="1200" />');
      expect(html).toContain('<meta property="og:image:height" content="630" />');
      expect(html).toContain(`<meta property="og:url" content="https://gifts.example.org${pagePath}" />`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(html).not.toContain('<b>');
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('name="robots"');
    }
  });

  it("show a portrait cropped around the family's focal point, made once, kept, and read after", async () => {
    // 800 × 1200 sky blue, with a face (a skin-coloured disc) near the top: a centred 1.91 : 1 crop
    // would show only the blue shirt below it.
    const portrait = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1200"><rect width="800" height="1200" fill="#cfe3f7"/><rect x="0" y="500" width="800" height="700" fill="#1e3a8a"/><circle cx="400" cy="240" r="150" fill="#f2c9a0"/></svg>`,
      ),
    )
      .png()
      .toBuffer();
    const { client } = await signedIn(server);
    const uploaded = await client.upload('/api/objects/upload', { bytes: portrait, name: 'portrait.png', type: 'image/png' });
    const created = (
      await client.post('/api/registries', aRegistryBody({ photoUrl: uploaded.json.photoUrl, photoFocusX: 50, photoFocusY: 20 }))
    ).json as unknown as { id: string };

    const first = await fetch(`${server.url}/api/registries/${created.id}/share-picture`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(first.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const picture = sharp(Buffer.from(await first.arrayBuffer()));
    expect(await picture.metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    // The crop's middle is the face, not the shirt a centred crop would show.
    const { data } = await picture.extract({ left: 590, top: 305, width: 20, height: 20 }).raw().toBuffer({ resolveWithObject: true });
    const [red = 0, green = 0, blue = 0] = data;
    expect(Math.abs(red - 0xf2) + Math.abs(green - 0xc9) + Math.abs(blue - 0xa0)).toBeLessThan(30);

    // Kept beside the photo under its focal point's name, and answered the same from there.
    const kept = `${String(uploaded.json.photoUrl).replace(/\.png$/, '')}-share-50-20.jpg`;
    const stored = await fetch(`${server.url}${kept}`);
    expect(stored.status).toBe(200);
    const again = await fetch(`${server.url}/api/registries/${created.id}/share-picture`);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(Buffer.from(await stored.arrayBuffer()));
  });

  it('answer 404 for the share picture of a registry without a photo, or of none', async () => {
    const { client } = await signedIn(server);
    const plain = (await client.post('/api/registries', aRegistryBody({ photoUrl: null }))).json as unknown as { id: string };
    const without = await fetch(`${server.url}/api/registries/${plain.id}/share-picture`);
    expect(without.status).toBe(404);
    expect(await without.json()).toEqual({ message: 'This registry has no photo to share' });
    expect(await (await fetch(`${server.url}/registry/${plain.id}`)).text()).not.toContain('og:image');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-registry']) {
      const missing = await fetch(`${server.url}/api/registries/${id}/share-picture`);
      expect(missing.status, id).toBe(404);
      expect(await missing.json()).toEqual({ message: 'Registry not found' });
    }
  });

  it('serve an unlisted registry to whoever has its link, and ask search engines not to index it', async () => {
    const { client } = await signedIn(server);
    const created = (await client.post('/api/registries', aRegistryBody({ childName: 'Dalia Hidden', unlisted: true })))
      .json as unknown as { id: string; shortCode: string };
    for (const pagePath of [`/registry/${created.id}`, `/r/${created.shortCode}`]) {
      const response = await fetch(`${server.url}${pagePath}`);
      expect(response.status, pagePath).toBe(200);
      const html = await response.text();
      expect(html).toContain('<meta property="og:title" content="Dalia Hidden&#39;s Bar/Bat Mitzvah" />');
      expect(html).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('serve the plain app shell for links that name no registry', async () => {
    for (const pagePath of ['/registry/00000000-0000-4000-8000-000000000000', '/r/zzzz2222', '/r/NOT!valid', '/charities']) {
      const response = await fetch(`${server.url}${pagePath}`);
      expect(response.status, pagePath).toBe(200);
      const html = await response.text();
      expect(html).not.toContain('og:title');
      expect(html).toContain('<title>Mitzvah Gifts</title>');
    }
  });
});
