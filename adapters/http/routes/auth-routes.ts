import Router from '@koa/router';
import { logIn } from '../../../core/account/log-in';
import { registerUser } from '../../../core/account/register-user';
import { toUserView } from '../../../core/account/user';
import { DomainError, isDomainError } from '../../../core/errors';
import type { PasswordHasher } from '../../../core/ports/password-hasher';
import type { UserRepository } from '../../../core/ports/repositories';
import { countAttempt, refuseWhenExhausted, type AttemptLimits } from '../attempt-limiter';
import type { HttpState } from '../http-state';
import { endSession, startSession } from '../session-access';

export function authRoutes(ports: { users: UserRepository; hasher: PasswordHasher; decoyHash: string; limits: AttemptLimits }) {
  const router = new Router<HttpState>();

  router.post('/api/register', async (ctx) => {
    const perAddress: [typeof ports.limits.registerPerAddress, string][] = [[ports.limits.registerPerAddress, ctx.ip]];
    await refuseWhenExhausted(perAddress, 'accounts created from this network');
    const user = await registerUser(ctx.request.body, ports);
    await countAttempt(perAddress);
    await startSession(ctx, user.id);
    ctx.status = 201;
    ctx.body = toUserView(user);
  });

  router.post('/api/login', async (ctx) => {
    const body = ctx.request.body as Record<string, unknown> | undefined;
    const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
    const limits: [typeof ports.limits.loginPerAccount, string][] = [
      [ports.limits.loginPerAccount, `${username}|${ctx.ip}`],
      [ports.limits.loginPerAddress, ctx.ip],
    ];
    await refuseWhenExhausted(limits, 'sign-in attempts');
    try {
      const user = await logIn(body, ports);
      await ports.limits.loginPerAccount.delete(`${username}|${ctx.ip}`);
      await startSession(ctx, user.id);
      ctx.body = toUserView(user);
    } catch (error) {
      if (isDomainError(error) && error.code === 'auth.invalid_credentials') {
        await countAttempt(limits);
      }
      throw error;
    }
  });

  router.post('/api/logout', (ctx) => {
    endSession(ctx);
    ctx.body = { message: 'Logged out' };
  });

  router.get('/api/user', (ctx) => {
    if (!ctx.state.user) throw new DomainError('auth.required', 'Not signed in');
    ctx.body = toUserView(ctx.state.user);
  });

  // The full-page sign-in the web app sends visitors to.
  router.get('/api/login', (ctx) => {
    ctx.redirect('/auth');
  });

  return router;
}
