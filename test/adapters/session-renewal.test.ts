import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '@core/model/user';
import type { UserRepository } from '@core/ports/user-repository';
import { InMemorySessionRepository } from '../../adapters/in-memory/in-memory-session-repository';
import type { HttpState } from '../../adapters/http/http-state';
import { SESSION_COOKIE, sessions } from '../../adapters/http/middleware/session';
import { startSession } from '../../adapters/http/session-access';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A Koa app with only the session middleware: /login signs in, /held answers when the test says. */
async function sessionApp() {
  const store = new InMemorySessionRepository();
  const users = { findById: async (id: string) => ({ id }) as User } as unknown as UserRepository;
  const app = new Koa<HttpState>({ keys: ['test-secret-test-secret-test-secret'] });
  let release: () => void = () => {};
  let arrived: () => void = () => {};
  const heldArrived = new Promise<void>((resolve) => (arrived = resolve));
  for (const middleware of sessions(app, { sessions: store, users, clock: { now: () => new Date() }, secureCookies: false }))
    app.use(middleware);
  app.use(async (ctx) => {
    if (ctx.path === '/login') {
      await startSession(ctx, 'user-1');
      ctx.body = 'in';
    } else if (ctx.path === '/held') {
      arrived();
      await new Promise<void>((resolve) => (release = resolve));
      ctx.body = ctx.state.user ? 'signed in' : 'visitor';
    } else {
      ctx.body = ctx.state.user ? 'signed in' : 'visitor';
    }
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { store, base, server, heldArrived, release: () => release() };
}

let close: (() => void) | undefined;
afterEach(() => close?.());

/** Signs in and ages the session so that the next request renews it (under half its life left). */
async function signedInNearExpiry(app: Awaited<ReturnType<typeof sessionApp>>): Promise<{ cookie: string; sid: string }> {
  const login = await fetch(`${app.base}/login`, { method: 'POST' });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const [sid, row] = [...app.store.rows.entries()][0]!;
  const soon = Date.now() + DAY_MS;
  app.store.rows.set(sid, { data: { ...row.data, _expire: soon }, expire: new Date(soon) });
  expect(cookie).toContain(`${SESSION_COOKIE}=`);
  return { cookie, sid };
}

describe('session renewal', () => {
  it('extends a live session that is past half its life', async () => {
    const app = await sessionApp();
    close = () => app.server.close();
    const { cookie, sid } = await signedInNearExpiry(app);
    const answer = fetch(`${app.base}/held`, { headers: { cookie } });
    await app.heldArrived;
    app.release();
    expect(await (await answer).text()).toBe('signed in');
    expect(app.store.rows.get(sid)!.expire.getTime()).toBeGreaterThan(Date.now() + 13 * DAY_MS);
  });

  it('never brings back a session ended while a request of it was in flight (a password reset)', async () => {
    const app = await sessionApp();
    close = () => app.server.close();
    const { cookie, sid } = await signedInNearExpiry(app);
    const answer = fetch(`${app.base}/held`, { headers: { cookie } });
    await app.heldArrived;
    expect(await app.store.destroyForUser('user-1')).toBe(1);
    app.release();
    await (await answer).text();
    expect(app.store.rows.has(sid)).toBe(false);
    const after = await fetch(`${app.base}/whoami`, { headers: { cookie } });
    expect(await after.text()).toBe('visitor');
  });
});
