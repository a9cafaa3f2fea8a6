import Router from '@koa/router';
import { changePassword } from '@core/account/change-password';
import { checkPasswordResetLink } from '@core/account/check-password-reset-link';
import { confirmEmailChange } from '@core/account/confirm-email-change';
import { requestEmailChange } from '@core/account/request-email-change';
import { requestPasswordReset } from '@core/account/request-password-reset';
import { resetPassword } from '@core/account/reset-password';
import { updateProfile } from '@core/account/update-profile';
import { cancelAccountDeletion, scheduleAccountDeletion } from '@core/account/account-deletion';
import { collectAccountExport, countAccountGifts } from '@core/account/account-export';
import { EXPORT_AT_ONCE_MAX_GIFTS, type ExportFile, type ExportFormat } from '@core/model/account-export-request';
import { downloadExport, requestAccountExport } from '@core/account/export-in-background';
import { DomainError } from '@core/errors';
import type { User } from '@core/model/user';
import { isDomainError } from '@core/errors';
import type { Clock } from '@core/ports/clock';
import type { PasswordHasher } from '@core/ports/password-hasher';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import type { SecretTokens } from '@core/ports/secret-tokens';
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

export function accountRoutes(ports: {
  repositories: Repositories & UnitOfWork;
  hasher: PasswordHasher;
  tokens: SecretTokens;
  clock: Clock;
  limits: AttemptLimits;
  appUrl: string;
  supportEmail: string;
}) {
  const router = new Router<HttpState>();
  const { repositories } = ports;
  const useCasePorts = {
    ...ports,
    unitOfWork: repositories,
    users: repositories.users,
    resetMailPace: (email: string) => takeIfLeft([ports.limits.passwordResetMailsPerEmail, email]),
  };

  /** Counts a current-password check, and gives it back unless the password was wrong. */
  async function withCurrentPasswordCheck<T>(user: User, work: () => Promise<T>): Promise<T> {
    const counter: Counter = [ports.limits.currentPasswordPerAccount, user.id];
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
    const counters: Counter[] = [[ports.limits.passwordResetPerAddress, ctx.ip]];
    if (email) counters.push([ports.limits.passwordResetPerEmailAndAddress, `${email}|${networkOf(ctx.ip)}`]);
    await countAttempt(counters, 'password reset requests');
    await requestPasswordReset(ctx.request.body, useCasePorts);
    const wait = FORGOT_PASSWORD_ANSWER_MS - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    ctx.status = 202;
    ctx.body = presentPasswordResetRequested();
  });

  // The token comes in the body, never the address, so no log line holds it.
  router.post('/api/password-reset/check', async (ctx) => {
    await countAttempt([[ports.limits.passwordResetSubmitsPerAddress, ctx.ip]], 'password reset attempts');
    await checkPasswordResetLink(ctx.request.body, { ...useCasePorts, accountTokens: repositories.accountTokens });
    ctx.body = presentPasswordResetLinkUsable();
  });

  router.post('/api/password-reset', async (ctx) => {
    await countAttempt([[ports.limits.passwordResetSubmitsPerAddress, ctx.ip]], 'password reset attempts');
    await resetPassword(ctx.request.body, useCasePorts);
    ctx.body = presentPasswordChanged(false);
  });

  router.get('/api/account', (ctx) => {
    ctx.body = presentAccount(signedInUser(ctx));
  });

  router.put('/api/account/profile', async (ctx) => {
    const user = await updateProfile(signedInUser(ctx), ctx.request.body, useCasePorts);
    ctx.body = presentAccount(user);
  });

  router.put('/api/account/password', async (ctx) => {
    const user = signedInUser(ctx);
    await withCurrentPasswordCheck(user, () => changePassword(user, ctx.request.body, useCasePorts));
    // Every session of the account ended, this one too; the browser that made the change stays
    // signed in under a brand-new session id.
    await startSession(ctx, user.id);
    ctx.body = presentPasswordChanged(true);
  });

  router.post('/api/account/email', async (ctx) => {
    const user = signedInUser(ctx);
    const { newEmail } = await withCurrentPasswordCheck(user, () => requestEmailChange(user, ctx.request.body, useCasePorts));
    ctx.status = 202;
    ctx.body = presentEmailChangeRequested(newEmail);
  });

  router.post('/api/account/email/confirm', async (ctx) => {
    const user = await confirmEmailChange(signedInUser(ctx), ctx.request.body, useCasePorts);
    ctx.body = presentEmailChanged(user);
  });

  router.get('/api/account/export', async (ctx) => {
    const user = signedInUser(ctx);
    const format = exportFormatIn(ctx.query);
    if ((await countAccountGifts(user, repositories)) > EXPORT_AT_ONCE_MAX_GIFTS) {
      throw new DomainError(
        'export.too_large',
        `Your account holds more than ${EXPORT_AT_ONCE_MAX_GIFTS.toLocaleString('en-US')} gifts, too many to download at once: ask for the export by e-mail on your account page.`,
      );
    }
    sendFile(ctx, accountExportFile(await collectAccountExport(user, { ...repositories, clock: ports.clock }), format));
  });

  router.get('/api/account/exports', async (ctx) => {
    const user = signedInUser(ctx);
    const [giftCount, requests] = await Promise.all([
      countAccountGifts(user, repositories),
      repositories.accountExports.listByUser(user.id),
    ]);
    ctx.body = presentExports(giftCount, requests);
  });

  router.post('/api/account/exports', async (ctx) => {
    const request = await requestAccountExport(signedInUser(ctx), ctx.request.body, {
      accountExports: repositories.accountExports,
      clock: ports.clock,
    });
    ctx.status = 202;
    ctx.body = presentExportRequest(request);
  });

  // The token comes in the body, never the address, so no log line holds it.
  router.post('/api/account/exports/download', async (ctx) => {
    const file = await downloadExport(signedInUser(ctx), ctx.request.body, {
      accountExports: repositories.accountExports,
      tokens: ports.tokens,
      clock: ports.clock,
    });
    sendFile(ctx, file);
  });

  router.delete('/api/account', async (ctx) => {
    const user = signedInUser(ctx);
    const scheduled = await withCurrentPasswordCheck(user, () =>
      scheduleAccountDeletion(user, ctx.request.body ?? {}, { ...useCasePorts, ...repositories }),
    );
    ctx.state.log.info({ userId: user.id, deletionDueAt: scheduled.deletionDueAt }, 'account deletion scheduled');
    ctx.body = presentAccount(scheduled);
  });

  router.post('/api/account/deletion/cancel', async (ctx) => {
    const user = signedInUser(ctx);
    if (!(await cancelAccountDeletion(user, useCasePorts)))
      throw new DomainError('account.not_scheduled', 'Your account is not scheduled for deletion');
    ctx.body = presentAccount({ ...user, deletionDueAt: null });
  });

  return router;
}
