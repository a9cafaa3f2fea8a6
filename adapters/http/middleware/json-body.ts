import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import type { HttpState } from '../http-state';

/** The largest JSON body any call takes; a gift or a registry is a few hundred bytes. */
const JSON_BODY_LIMIT = '100kb';

/**
 * Node's codes for compressed bytes that are not what their Content-Encoding says: zlib's for gzip
 * and deflate (bad or cut-off data, or a header asking for a preset dictionary nobody agreed on),
 * and brotli's format errors (ERR__ERROR_FORMAT_PADDING_2 and the like), not the failures to
 * allocate of either, which are ours.
 */
const CORRUPT_COMPRESSION = /^(Z_DATA_ERROR|Z_BUF_ERROR|Z_NEED_DICT|ERR__ERROR_FORMAT_[A-Z0-9_]+)$/;

/**
 * Reads a JSON body (gzip, deflate or br as its Content-Encoding says). A body whose compression
 * is broken is the sender's fault, not ours: it is refused with 400, as bad JSON is, where zlib's
 * error would have been a 500 that anyone could set off. Only the reading is answered so: a
 * failure further on is left to the error handler.
 */
export function jsonBody(): Middleware<HttpState> {
  // DELETE too: deleting the account carries the password (DELETE /api/account).
  const read = koaBody({
    json: true,
    jsonLimit: JSON_BODY_LIMIT,
    jsonStrict: true,
    urlencoded: false,
    text: false,
    multipart: false,
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] as never,
  });
  return async (ctx, next) => {
    let readWhole = false;
    try {
      await read(ctx, () => {
        readWhole = true;
        return next();
      });
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (!readWhole && typeof code === 'string' && CORRUPT_COMPRESSION.test(code))
        ctx.throw(400, 'Request body could not be decompressed');
      throw error;
    }
  };
}
