/**
 * PostgreSQL's own codes for a connection lost or refused (class 08, but for a protocol violation,
 * which is what PGlite answers to a NUL in text), a server shutting down or
 * ending the session (57P0x), a statement or an idle transaction past its time limit (57014,
 * 25P03), and node-postgres's messages for a connection that is gone or could not be had in time.
 */
const UNAVAILABLE_CODE = /^(0800[0-6]|57P0[1-3]|57014|25P03)$/;
const UNAVAILABLE_MESSAGE = /Connection terminated|connection error|timeout exceeded when trying to connect|The database closed the connection|ECONNREFUSED|ECONNRESET/i;

/** True when a failure is the database being away for a moment, not a fault in the request or in our code. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODE.test(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}
