import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { aRegistryBody } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 22: guest pages drawn on the server. The web app's renderer is stood in for by a small one
 * (the real one is checked by test/web/server-rendering.test.tsx and the journeys): what is under
 * test here is what the server does with it. It draws /registry/{id} from the server's own answer,
 * throws on /charities, and draws nothing else.
 */
const SHELL = `<!doctype html>
<html lang="en">
<head><script src="/assets/route-preload-1.js" async></script><title>Mitzvah Gifts</title>
<!--app-scripts--><script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/web-1.js"><!--/app-scripts-->
<link rel="stylesheet" crossorigin href="/assets/web-1.css"></head>
<body>
<noscript>Mitzvah Gifts needs JavaScript to run. Please enable it in your browser.</noscript>
<div id="root">
  <header><div class="boot-bar">Mitzvah Gifts</div></header>
  <main><p class="boot-status" role="status">Loading…</p></main>
</div>
</body>
</html>`;

const RENDERER = `
export async function renderGuestPage(url, call) {
  const address = new URL(url);
  if (address.pathname === '/charities') throw new Error('the renderer broke');
  const id = /^\\/registry\\/([^/]+)$/.exec(address.pathname)?.[1];
  if (!id) return null;
  const registry = await call('/api/registries/' + id);
  if (registry === undefined) return null;
  return {
    html: '<h1>' + registry.childName + '</h1><p>$& and $1 at ' + address.origin + '</p>',
    styles: '<style data-emotion="css abc">h1{color:navy}</style>',
    title: registry.childName + ' | Mitzvah Gifts',
    data: { registry, config: await call('/api/config'), note: '</script><script>alert(1)</script> \\u2028' },
  };
}
`;

function aBuiltApp(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'registry-dist-'));
  mkdirSync(path.join(dist, 'web'));
  mkdirSync(path.join(dist, 'server'));
  writeFileSync(path.join(dist, 'web', 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'server', 'entry-server.js'), RENDERER);
  return path.join(dist, 'web');
}

/** A GET with the Host header as given (fetch sends only valid ones): the whole answer, as text. */
function rawGet(serverUrl: string, pagePath: string, host: string): Promise<string> {
  const { hostname, port } = new URL(serverUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(`GET ${pagePath} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    );
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

/** A visitor's GET asking for `encoding`: the status, the encoding answered and the body as sent. */
function encodedGet(
  serverUrl: string,
  pagePath: string,
  encoding: string,
): Promise<{ status: number; encoding: string | undefined; vary: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${serverUrl}${pagePath}`, { headers: { 'accept-encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          encoding: response.headers['content-encoding'],
          vary: response.headers.vary,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** The answers the page carries for the browser, read back as the browser reads them. */
function carried(html: string): Record<string, unknown> {
  const found = /<script type="application\/json" id="server-data">([\s\S]*?)<\/script>/.exec(html);
  if (!found) throw new Error('the page carries no answers');
  return JSON.parse(found[1]!) as Record<string, unknown>;
}

const PUBLIC_URL = 'https://gifts.example.org';
let server: TestServer;
let registry: { id: string; shortCode: string };
let owner: HttpClient;
beforeAll(async () => {
  server = await startTestServer({ webRoot: aBuiltApp(), env: { PUBLIC_URL: PUBLIC_URL } });
  const family = await signedIn(server);
  owner = family.client;
  registry = (await owner.post('/api/registries', aRegistryBody({ childName: 'Eliana Gross', personalMessage: 'Mazel tov to us!' })))
    .json as unknown as typeof registry;
});
afterAll(async () => {
  await server?.close();
});

describe('a guest page drawn on the server', () => {
  it('comes to a visitor whole: the markup in #root, its styles and title in the head, and the answers it was drawn from', async () => {
    const page = await new HttpClient(server.url).get(`/registry/${registry.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('vary')).toContain('Cookie');
    expect(page.text).toMatch(/<html data-server-rendered[ >]/);
    // The title is the page's own, as the app sets it; the link preview's tags are there too.
    expect(page.text).toContain('<title>Eliana Gross | Mitzvah Gifts</title>');
    expect(page.text).toContain('<meta property="og:title" content="Eliana Gross&#39;s Bar/Bat Mitzvah" />');
    expect(page.text).toMatch(/<style data-emotion="css abc">h1\{color:navy\}<\/style>[\s\S]*<\/head>/);
    // The page's text is put in as it is, "$&" included, in place of the loading frame, with the
    // origin the visitor asked at (behind our proxy, https).
    expect(page.text).toContain(`<div id="root"><h1>Eliana Gross</h1><p>$& and $1 at https://${new URL(server.url).host}</p></div>`);
    expect(page.text).not.toContain('Loading…');
    expect(page.text).toContain('Giving a gift needs JavaScript. Please enable it in your browser.');
    expect(page.text).not.toContain('needs JavaScript to run');
  });

  it('is compressed as the browser asks, the same page whichever encoding, and again the same bytes for the next guest', async () => {
    const plain = await encodedGet(server.url, `/registry/${registry.id}`, 'identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toContain('<h1>Eliana Gross</h1>');
    const decoders: Record<string, (body: Buffer) => Buffer> = { zstd: zstdDecompressSync, br: brotliDecompressSync, gzip: gunzipSync };
    for (const [asked, answered] of [
      ['gzip, deflate, br, zstd', 'zstd'],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const first = await encodedGet(server.url, `/registry/${registry.id}`, asked);
      expect(first.status, asked).toBe(200);
      expect(first.encoding, asked).toBe(answered);
      expect(first.vary, asked).toContain('Accept-Encoding');
      expect(decoders[answered]!(first.body).toString(), asked).toBe(plain.body.toString());
      expect((await encodedGet(server.url, `/registry/${registry.id}`, asked)).body.equals(first.body), asked).toBe(true);
    }
  });

  it('leaves the app’s scripts to the page’s first script, which loads them once the first screen is there; the shell keeps them', async () => {
    const page = await new HttpClient(server.url).get(`/registry/${registry.id}`);
    expect(page.text).toContain('<script src="/assets/route-preload-1.js" async></script>');
    expect(page.text).toContain('<link rel="stylesheet" crossorigin href="/assets/web-1.css">');
    expect(page.text).not.toContain('/assets/index-1.js');
    expect(page.text).not.toContain('modulepreload');
    const shell = await owner.get(`/registry/${registry.id}`);
    expect(shell.text).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(shell.text).toContain('<link rel="modulepreload" crossorigin href="/assets/web-1.js">');
  });

  it('carries the answer a visitor’s own call gets, and nothing a script could break out of', async () => {
    const visitor = new HttpClient(server.url);
    const page = await visitor.get(`/registry/${registry.id}`);
    const data = carried(page.text);
    expect(data.registry).toEqual((await visitor.get(`/api/registries/${registry.id}`)).json);
    expect(data.registry).not.toHaveProperty('gifts');
    expect(data.config).toEqual((await visitor.get('/api/config')).json);
    expect(data.note).toBe('</script><script>alert(1)</script> \u2028');
    // From the answers on, the one end of a script is the answers' own.
    expect(page.text.split('id="server-data">')[1]!.match(/<\/script>/g)).toHaveLength(1);
  });

  it('is not drawn for the signed-in family, whose page is their own: their browser draws it', async () => {
    const page = await owner.get(`/registry/${registry.id}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('data-server-rendered');
    expect(page.text).not.toContain('server-data');
    expect(page.text).toContain('Loading…');
  });

  it('leaves a page it cannot draw to the browser: an unknown registry, another page, a renderer that fails', async () => {
    for (const pagePath of ['/registry/00000000-0000-4000-8000-000000000000', '/registry/not-an-id', '/create-registry', '/charities']) {
      const page = await new HttpClient(server.url).get(pagePath);
      expect(page.status, pagePath).toBe(200);
      expect(page.text, pagePath).not.toContain('data-server-rendered');
      expect(page.text, pagePath).toContain('Loading…');
    }
    expect(server.logs.join('')).toContain('a guest page could not be drawn on the server');
  });

  it('leaves the page to the browser, and logs no error, when the Host header holds no address', async () => {
    const errors = () => server.logs.filter((line) => line.includes('could not be drawn')).length;
    const before = errors();
    for (const host of ['exa mple.com', '[bad', 'a:b:c']) {
      const answer = await rawGet(server.url, `/registry/${registry.id}`, host);
      expect(answer.split('\r\n')[0], host).toBe('HTTP/1.1 200 OK');
      expect(answer, host).not.toContain('data-server-rendered');
      expect(answer, host).toContain('Loading…');
    }
    expect(errors()).toBe(before);
  });

  it('answers a short link with its registry’s page itself, naming the registry’s address as canonical, and sends the family on', async () => {
    const own = await new HttpClient(server.url).get(`/registry/${registry.id}`);
    for (const code of [registry.shortCode, registry.shortCode.toUpperCase()]) {
      const page = await new HttpClient(server.url).get(`/r/${code}`);
      expect(page.status, code).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(page.headers.get('vary')).toContain('Cookie');
      expect(page.text).toMatch(/<html data-server-rendered[ >]/);
      expect(page.text).toContain(`<link rel="canonical" href="${PUBLIC_URL}/registry/${registry.id}" />`);
      // The registry's own page, drawn from the same answers; the link preview names the short link.
      expect(/<div id="root">[\s\S]*<\/script>/.exec(page.text)?.[0]).toBe(/<div id="root">[\s\S]*<\/script>/.exec(own.text)?.[0]);
      expect(page.text).toContain('<title>Eliana Gross | Mitzvah Gifts</title>');
      expect(page.text).toContain(`<meta property="og:url" content="${PUBLIC_URL}/r/${code}" />`);
    }
    expect(own.text).not.toContain('rel="canonical"');
    const sent = await owner.get(`/r/${registry.shortCode}`);
    expect(sent.status).toBe(302);
    expect(sent.headers.get('location')).toBe(`/registry/${registry.id}`);
    for (const code of ['zzzz2222', 'NOT!valid']) {
      const page = await new HttpClient(server.url).get(`/r/${code}`);
      expect(page.status, code).toBe(200);
      expect(page.text, code).toContain('Loading…');
    }
  });
});
