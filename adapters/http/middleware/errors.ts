import type { Middleware } from 'koa';
import { isDomainError, type DomainError } from '@core/errors';
import { isDatabaseUnavailable } from '../database-unavailable';
import { ERROR_STATUS } from '../error-status';
import type { HttpContext, HttpState } from '../http-state';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  message?: string;
}

/**
 * Turns every failure into JSON {message} (plus errors per field): domain errors by code, bad or
 * oversized bodies by their status, a database that is briefly away into a 503, and anything else into a 500 that names the request id and
 * nothing internal. Failures that are not the request's fault are reported to `failed` (the metrics).
 */
export function errorHandler(options: { failed: (error: unknown) => void }): Middleware<HttpState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (isDomainError(error)) {
        answerDomainError(ctx, error);
        ctx.body = error.fields ? { message: error.message, errors: error.fields } : { message: error.message };
        return;
      }
      const http = error as HttpLikeError;
      const status = http.status ?? http.statusCode;
      if (status && status >= 400 && status < 500) {
        ctx.status = status;
        ctx.body = { message: clientMessage(status, http) };
        return;
      }
      // Counted by its database error class, when it has one (metrics.ts).
      options.failed(error);
      if (isDatabaseUnavailable(error)) {
        // What the failed step wrote went with its transaction; the caller may simply send the request again.
        ctx.state.log.warn({ err: error }, 'database unavailable');
        ctx.status = 503;
        ctx.set('Retry-After', '5');
        ctx.body = { message: 'We could not finish that just now. Please try again in a moment.' };
        return;
      }
      ctx.state.log.error({ err: error }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { message: `Something went wrong on our side. Please try again. (Reference: ${ctx.state.requestId})` };
    }
  };
}

/**
 * A domain error's status and what goes with it, for this handler and for a route that writes its
 * own body (the upload's): a provider or store that did not answer is an error in the log (the
 * visitor only learns it was not us), and an error that says when to try again sets Retry-After.
 */
export function answerDomainError(ctx: HttpContext, error: DomainError): void {
  ctx.status = ERROR_STATUS[error.code];
  // At error level, with the provider's own error and what caused it (pino serializes the chain):
  // an outage must be alertable from the log and say why.
  if (ctx.status >= 500) ctx.state.log.error({ err: error.cause ?? error, code: error.code }, error.message);
  const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
  if (retryAfter) ctx.set('Retry-After', String(retryAfter));
}

function clientMessage(status: number, error: HttpLikeError): string {
  if (status === 413) return 'Request is too large';
  if (status === 415) return 'Unsupported content type';
  if (status === 400 && /json/i.test(error.message ?? '')) return 'Request body is not valid JSON';
  return error.expose && error.message ? error.message : 'Bad request';
}
