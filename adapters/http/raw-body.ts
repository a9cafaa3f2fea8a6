import type { HttpContext } from './http-state';

/**
 * The request's body as the exact bytes sent (a webhook's signature covers them), refusing more
 * than `limit` with 413: at once when Content-Length says so, or as soon as a body without one
 * grows past it (then the connection is closed after the answer rather than drained).
 */
export function readRawBody(ctx: HttpContext, limit: number): Promise<Buffer> {
  const req = ctx.req;
  if (req.readableEnded || req.readableDidRead) {
    // Someone read it first: the app's JSON body parser must skip this path.
    return Promise.reject(new Error(`The body of ${ctx.path} was read before its route; exempt the path from the body parser`));
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(httpError(413, 'Request is too large'));

  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const settle = (error: Error | null) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, received));
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) {
        chunks.push(chunk);
        return;
      }
      req.pause();
      ctx.set('Connection', 'close');
      settle(httpError(413, 'Request is too large'));
    };
    const onEnd = () => settle(null);
    const onError = (error: Error) => settle(error);
    // Closed before the end: the sender gave up mid-body.
    const onClose = () => settle(httpError(400, 'Request aborted'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

function httpError(status: number, message: string): Error {
  return Object.assign(new Error(message), { status, expose: true });
}
