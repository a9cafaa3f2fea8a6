import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

/** Issue 22: the full-page sign-in remembers the page that sent the visitor, and only a page of this site. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const login = (query: string) => new HttpClient(server.url).get(`/api/login${query}`);

describe('GET /api/login', () => {
  it('sends the visitor to /auth with the page to come back to', async () => {
    const answer = await login('?returnTo=%2Fcreate-registry');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/auth?returnTo=%2Fcreate-registry');

    const withQuery = await login(`?returnTo=${encodeURIComponent('/registry/abc/gifts?sort=name')}`);
    expect(withQuery.headers.get('location')).toBe(`/auth?returnTo=${encodeURIComponent('/registry/abc/gifts?sort=name')}`);
  });

  it('sends the visitor to plain /auth without one, or with one that leads elsewhere', async () => {
    expect((await login('')).headers.get('location')).toBe('/auth');
    for (const elsewhere of ['//evil.example/', '/\\evil.example', 'https://evil.example/', '/api/logout', '/auth', 'create-registry']) {
      const answer = await login(`?returnTo=${encodeURIComponent(elsewhere)}`);
      expect(answer.status, elsewhere).toBe(302);
      expect(answer.headers.get('location'), elsewhere).toBe('/auth');
    }
    // Control characters never reach a Location header: the request is refused outright.
    const injected = await login(`?returnTo=${encodeURIComponent('/a\r\nSet-Cookie: x=1')}`);
    expect(injected.status).toBe(400);
    expect(injected.headers.get('location')).toBeNull();
    // Given twice, the parameter is no path at all.
    expect((await login('?returnTo=%2Fa&returnTo=%2Fb')).headers.get('location')).toBe('/auth');
  });
});
