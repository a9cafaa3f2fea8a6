import type { IncomingMessage } from 'node:http';

/**
 * Reads what is left of a request's body and throws it away, up to maxBytes, so that a client
 * still sending (a refused upload, say) reads our answer instead of a broken pipe. Answers false
 * when the body is longer than that or the client went away: the connection should then close.
 */
export function discardRequestBody(req: IncomingMessage, maxBytes: number): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve(false);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (whole: boolean) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('close', onGone);
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > maxBytes) {
        req.pause();
        finish(false);
      }
    };
    const onEnd = () => finish(true);
    const onGone = () => finish(req.complete);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onGone);
    req.on('close', onGone);
    req.resume();
  });
}
