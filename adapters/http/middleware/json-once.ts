import { Stream } from 'node:stream';
import type { Middleware } from 'koa';

/** What Koa sends as JSON: an object that is none of the bodies it streams or sends as bytes. */
function isJsonBody(body: unknown): body is object {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Buffer.isBuffer(body) &&
    !(body instanceof Stream) &&
    !(body instanceof ReadableStream) &&
    !(body instanceof Blob) &&
    !(body instanceof Response)
  );
}

/**
 * Turns a JSON answer into its text once. Left an object it was serialised twice: when the
 * compression step asks its length (Koa stringifies to measure) and again when it is sent. The
 * text is Koa's own (JSON.stringify, no spacing), and the JSON content type Koa set stays.
 */
export function serializeJsonOnce(): Middleware {
  return async (ctx, next) => {
    await next();
    if (isJsonBody(ctx.body)) ctx.body = JSON.stringify(ctx.body);
  };
}
