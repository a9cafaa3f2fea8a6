/**
 * PostgreSQL's own codes for the database being away rather than the request being wrong: a
 * connection lost, refused or of unknown outcome (class 08, but for a protocol violation, which is
 * what PGlite answers to a NUL in text), a server refusing new connections (too many for the
 * server, the database or the role: 53300), a server shutting down, starting up or ending the
 * session (57P0x), and a statement or an idle transaction past its time limit (57014, 25P03).
 */
const UNAVAILABLE_CODE = /^(0800[0-7]|53300|57P0[1-35]|57014|25P03)$/;
/**
 * 55000 is "object not in prerequisite state" in general; only its message tells a database that
 * does not take connections (ALTER DATABASE … ALLOW_CONNECTIONS false) from a fault of ours.
 */
const NOT_ACCEPTING_CONNECTIONS = /is not currently accepting connections/i;
/**
 * node-postgres's and pg-pool's messages: a connection gone, a connection or pool slot not had in
 * time, a query that got no answer in time (query_timeout), and a connection thrown away after one.
 */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Query read timeout|is not queryable|The database closed the connection|ECONNREFUSED|ECONNRESET/i;

/** True when a failure is the database being away for a moment, not a fault in the request or in our code. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODE.test(code)) return true;
    if (code === '55000' && typeof message === 'string' && NOT_ACCEPTING_CONNECTIONS.test(message)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}
