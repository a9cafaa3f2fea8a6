import session from 'koa-session';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import type { Clock } from '@core/ports/clock';
import type { SessionRepository } from '@core/ports/session-repository';
import type { UserRepository } from '@core/ports/user-repository';
import { SESSION_COOKIE } from '@api/auth';
import type { HttpState } from '../http-state';
import { endSession, signedInUserId } from '../session-access';

export { SESSION_COOKIE };
const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** 256 random bits, base64url: unguessable, and new at every sign-in. */
function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Buffer.from(bytes).toString('base64url');
}

/**
 * Server-side sessions in the sessions table; the browser holds only the signed id in an HttpOnly,
 * SameSite=Lax cookie. The user is read from the database on every request, so a deleted account
 * or a change of role takes effect at once.
 */
export function sessions(
  app: Koa<HttpState>,
  ports: { sessions: SessionRepository; users: UserRepository; clock: Clock; secureCookies: boolean },
): Middleware<HttpState>[] {
  // The session id each request loaded: saving that id again is a renewal, which must never
  // recreate a row ended meanwhile (a password reset ends every session of the user).
  const loadedIds = new WeakMap<object, string>();
  const store = {
    async get(sid: string, _maxAge: unknown, options: { ctx?: object }) {
      const found = await ports.sessions.get(sid, ports.clock.now());
      if (found && options.ctx) loadedIds.set(options.ctx, sid);
      return found?.data;
    },
    async set(sid: string, data: Record<string, unknown>, maxAge: number | 'session' | undefined, options: { ctx?: object }) {
      const ttl = typeof maxAge === 'number' ? maxAge : SESSION_MAX_AGE_MS;
      const stored = { data, expire: new Date(ports.clock.now().getTime() + ttl) };
      if (options.ctx && loadedIds.get(options.ctx) === sid) await ports.sessions.update(sid, stored);
      else await ports.sessions.set(sid, stored);
    },
    async destroy(sid: string) {
      await ports.sessions.destroy(sid);
    },
  };
  const sessionMiddleware = session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'lax',
      secure: ports.secureCookies,
      signed: true,
      rolling: false,
      renew: true,
      store,
      genid: newSessionId,
    },
    app as unknown as Koa,
  ) as unknown as Middleware<HttpState>;

  const loadUser: Middleware<HttpState> = async (ctx, next) => {
    const userId = signedInUserId(ctx);
    ctx.state.user = userId ? await ports.users.findById(userId) : null;
    if (userId && !ctx.state.user) {
      endSession(ctx);
    }
    await next();
  };
  return [sessionMiddleware, loadUser];
}
