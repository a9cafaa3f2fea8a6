import Router from '@koa/router';
import type { AccountService } from '@core/account/account-service';
import type { ExportFile, ExportFormat } from '@core/model/account-export-request';
import { DomainError } from '@core/errors';
import type { User } from '@core/model/user';
import { isDomainError } from '@core/errors';
import { countAttempt, networkOf, takeIfLeft, uncountAttempt, type AttemptLimits, type Counter } from '../attempt-limiter';
import type { HttpContext, HttpState } from '../http-state';
import { accountExportFile } from '../presenters/account-export';
import {
  presentAccount,
  presentExportRequest,
  presentExports,
  presentEmailChanged,
  presentEmailChangeRequested,
  presentPasswordChanged,
  presentPasswordResetLinkUsable,
  presentPasswordResetRequested,
} from '../presenters/account';
import { notSignedIn } from '../presenters/auth';
import { startSession } from '../session-access';

/**
 * A forgot-password answer never comes sooner than this: finding an account and queueing its
 * e-mail takes a little longer than finding none, and the difference must not tell which it was.
 */
const FORGOT_PASSWORD_ANSWER_MS = 400;

function signedInUser(ctx: HttpContext): User {
  if (!ctx.state.user) throw notSignedIn();
  return ctx.state.user;
}

/** A file to download: never kept by a shared cache, and saved under its own name. */
function sendFile(ctx: HttpContext, file: ExportFile): void {
  ctx.type = file.contentType;
  ctx.set('Content-Disposition', `attachment; filename="${file.fileName}"`);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = Buffer.from(file.bytes);
}

function exportFormatIn(query: unknown): ExportFormat {
  const format = (query as Record<string, unknown>).format ?? 'json';
  if (format === 'json' || format === 'csv') return format;
  throw new DomainError('validation.failed', 'Choose JSON or CSV', { format: 'Choose JSON or CSV' });
}

function emailIn(body: unknown): string {
  const email = (body as Record<string, unknown> | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

export function accountRoutes(ports: { accounts: AccountService; limits: AttemptLimits }) {
  const router = new Router<HttpState>();
  const { accounts, limits } = ports;
  const resetMailPace = (email: string) => takeIfLeft([limits.passwordResetMailsPerEmail, email]);

  /** Counts a current-password check, and gives it back unless the password was wrong. */
  async function withCurrentPasswordCheck<T>(user: User, work: () => Promise<T>): Promise<T> {
    const counter: Counter = [limits.currentPasswordPerAccount, user.id];
    await countAttempt([counter], 'password attempts');
    try {
      return await work();
    } catch (error) {
      if (!isDomainError(error) || error.code !== 'account.wrong_password') await uncountAttempt([counter]);
      throw error;
    }
  }

  router.post('/api/password-reset/request', async (ctx) => {
    const started = performance.now();
    const email = emailIn(ctx.request.body);
    const counters: Counter[] = [[limits.passwordResetPerAddress, ctx.ip]];
    if (email) counters.push([limits.passwordResetPerEmailAndAddress, `${email}|${networkOf(ctx.ip)}`]);
    await countAttempt(counters, 'password reset requests');
    await accounts.requestPasswordReset(ctx.request.body, resetMailPace);
    const wait = FORGOT_PASSWORD_ANSWER_MS - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    ctx.status = 202;
    ctx.body = presentPasswordResetRequested();
  });

  // The token comes in the body, never the address, so no log line holds it.
  router.post('/api/password-reset/check', async (ctx) => {
    await countAttempt([[limits.passwordResetSubmitsPerAddress, ctx.ip]], 'password reset attempts');
    await accounts.checkPasswordResetLink(ctx.request.body);
    ctx.body = presentPasswordResetLinkUsable();
  });

  router.post('/api/password-reset', async (ctx) => {
    await countAttempt([[limits.passwordResetSubmitsPerAddress, ctx.ip]], 'password reset attempts');
    await accounts.resetPassword(ctx.request.body);
    ctx.body = presentPasswordChanged(false);
  });

  router.get('/api/account', (ctx) => {
    ctx.body = presentAccount(signedInUser(ctx));
  });

  router.put('/api/account/profile', async (ctx) => {
    const user = await accounts.updateProfile(signedInUser(ctx), ctx.request.body);
    ctx.body = presentAccount(user);
  });

  router.put('/api/account/password', async (ctx) => {
    const user = signedInUser(ctx);
    await withCurrentPasswordCheck(user, () => accounts.changePassword(user, ctx.request.body));
    // Every session of the account ended, this one too; the browser that made the change stays
    // signed in under a brand-new session id.
    await startSession(ctx, user.id);
    ctx.body = presentPasswordChanged(true);
  });

  router.post('/api/account/email', async (ctx) => {
    const user = signedInUser(ctx);
    const { newEmail } = await withCurrentPasswordCheck(user, () => accounts.requestEmailChange(user, ctx.request.body));
    ctx.status = 202;
    ctx.body = presentEmailChangeRequested(newEmail);
  });

  router.post('/api/account/email/confirm', async (ctx) => {
    const user = await accounts.confirmEmailChange(signedInUser(ctx), ctx.request.body);
    ctx.body = presentEmailChanged(user);
  });

  router.get('/api/account/export', async (ctx) => {
    const user = signedInUser(ctx);
    const format = exportFormatIn(ctx.query);
    sendFile(ctx, accountExportFile(await accounts.exportAtOnce(user), format));
  });

  router.get('/api/account/exports', async (ctx) => {
    const { giftCount, requests } = await accounts.listExports(signedInUser(ctx));
    ctx.body = presentExports(giftCount, requests);
  });

  router.post('/api/account/exports', async (ctx) => {
    const request = await accounts.requestExport(signedInUser(ctx), ctx.request.body);
    ctx.status = 202;
    ctx.body = presentExportRequest(request);
  });

  // The token comes in the body, never the address, so no log line holds it.
  router.post('/api/account/exports/download', async (ctx) => {
    const file = await accounts.downloadExport(signedInUser(ctx), ctx.request.body);
    sendFile(ctx, file);
  });

  router.delete('/api/account', async (ctx) => {
    const user = signedInUser(ctx);
    const scheduled = await withCurrentPasswordCheck(user, () => accounts.scheduleDeletion(user, ctx.request.body ?? {}));
    ctx.state.log.info({ userId: user.id, deletionDueAt: scheduled.deletionDueAt }, 'account deletion scheduled');
    ctx.body = presentAccount(scheduled);
  });

  router.post('/api/account/deletion/cancel', async (ctx) => {
    const user = signedInUser(ctx);
    if (!(await accounts.cancelDeletion(user)))
      throw new DomainError('account.not_scheduled', 'Your account is not scheduled for deletion');
    ctx.body = presentAccount({ ...user, deletionDueAt: null });
  });

  return router;
}
