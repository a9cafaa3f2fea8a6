import Router from '@koa/router';
import type { AccountService } from '@core/account/account-service';
import { isDomainError } from '@core/errors';
import { RETURN_TO_PARAM, returnPathOf } from '@api/return-path';
import { countAttempt, resetCounter, uncountAttempt, type AttemptLimits, type Counter } from '../attempt-limiter';
import type { HttpState } from '../http-state';
import { notSignedIn, presentLoggedOut, presentUser } from '../presenters/auth';
import { endSession, startSession } from '../session-access';

export function authRoutes(ports: { accounts: AccountService; limits: AttemptLimits }) {
  const router = new Router<HttpState>();
  const { accounts, limits } = ports;

  router.post('/api/register', async (ctx) => {
    // Every try counts, refused ones too: each answer says whether a username or e-mail is taken.
    await countAttempt([[limits.registerPerAddress, ctx.ip]], 'sign-up attempts from this network');
    const user = await accounts.register(ctx.request.body);
    await startSession(ctx, user.id);
    ctx.status = 201;
    ctx.body = presentUser(user);
  });

  router.post('/api/login', async (ctx) => {
    const body = ctx.request.body as Record<string, unknown> | undefined;
    const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
    const perAccount: Counter = [limits.loginPerAccount, `${username}|${ctx.ip}`];
    const perAddress: Counter = [limits.loginPerAddress, ctx.ip];
    // Counted before the password is checked, so fifty guesses sent at once meet the limit too;
    // only failures are meant to count, so anything else gives its attempt back.
    await countAttempt([perAccount, perAddress], 'sign-in attempts');
    try {
      const user = await accounts.logIn(body);
      await resetCounter(perAccount);
      await uncountAttempt([perAddress]);
      await startSession(ctx, user.id);
      // Signing in during the grace period keeps the account (docs/product.md#your-data-export-and-deletion).
      if (await accounts.cancelDeletion(user)) ctx.state.log.info({ userId: user.id }, 'account deletion cancelled by signing in');
      ctx.body = presentUser(user);
    } catch (error) {
      if (!isDomainError(error) || error.code !== 'auth.invalid_credentials') await uncountAttempt([perAccount, perAddress]);
      throw error;
    }
  });

  router.post('/api/logout', (ctx) => {
    endSession(ctx);
    ctx.body = presentLoggedOut();
  });

  router.get('/api/user', (ctx) => {
    if (!ctx.state.user) throw notSignedIn();
    ctx.body = presentUser(ctx.state.user);
  });

  // The full-page sign-in the web app sends visitors to, and the page to come back to afterwards.
  router.get('/api/login', (ctx) => {
    const back = returnPathOf(ctx.query[RETURN_TO_PARAM]);
    ctx.redirect(back ? `/auth?${new URLSearchParams({ [RETURN_TO_PARAM]: back }).toString()}` : '/auth');
  });

  return router;
}
