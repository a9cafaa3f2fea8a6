import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

const SCRIPT = `console.log(${JSON.stringify('mazel tov '.repeat(400))});\n`;
const SHELL = `<!doctype html><html><head><title>Mitzvah Gifts</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

let server: TestServer;
beforeAll(async () => {
  // A built web app as Vite leaves it: hashed assets with their brotli and gzip siblings.
  const webRoot = mkdtempSync(path.join(tmpdir(), 'registry-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), SHELL);
  const script = path.join(webRoot, 'assets', 'index-AbC123.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  server = await startTestServer({ webRoot });
});
afterAll(async () => {
  await server?.close();
});

/** A GET with the Accept-Encoding given, answering the raw bytes as they came over the wire. */
function get(
  pathname: string,
  acceptEncoding: string | null,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const url = new URL(pathname, server.url);
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers: acceptEncoding === null ? {} : { 'Accept-Encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('the web app as a production site serves it', () => {
  it('sends a hashed asset in the best encoding the browser accepts, cached for a year', async () => {
    const brotli = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(SCRIPT);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);

    const gzip = await get('/assets/index-AbC123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC123.js', null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('sends the page shell compressed and never cached without asking again', async () => {
    const page = await get('/registry/anything', 'br');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toContain('<div id="root"></div>');
  });

  it('answers 404 with the shell where the app has no page, so the app still shows its Page not found', async () => {
    for (const pathname of ['/no-such-page', '/registry/anything/more', '/admin']) {
      const missing = await get(pathname, null);
      expect(missing.status, pathname).toBe(404);
      expect(missing.headers['content-type']).toMatch(/text\/html/);
      expect(missing.body.toString()).toContain('<div id="root"></div>');
    }
    expect((await get('/FAQ', null)).status).toBe(200);
    expect((await get('/registry/anything/', null)).status).toBe(200);
  });

  it('compresses JSON answers over a kilobyte, and leaves smaller ones as they are', async () => {
    const charities = await get('/api/charities', 'gzip');
    expect(charities.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(charities.body).toString())).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: expect.any(String) })]),
    );

    const config = await get('/api/config', 'gzip');
    expect(config.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(config.body.toString())).toMatchObject({ paymentProvider: 'sandbox' });
  });
});
