import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Database errors carry the statement with its values inlined (a password hash, a giver's e-mail);
 * a logged error keeps its message, code and stack, never the SQL.
 */
function serializeError(error: Error): object {
  const serialized: Record<string, unknown> = { ...pino.stdSerializers.err(error) };
  for (const key of ['query', 'params', 'sql', 'parameters', 'detail']) delete serialized[key];
  return serialized;
}

/**
 * JSON lines on stdout. Request bodies are never logged; cookies and credentials are redacted in
 * case a header object ever reaches a log call.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    serializers: { err: serializeError },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'headers.cookie',
        'headers.authorization',
        '*.password',
        '*.clientSecret',
        '*.cardNumber',
        '*.sid',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options, bufferedStdout());
}

/** For the last words of a process about to exit: written at once, not batched. */
export function createStartupLogger(): Logger {
  return createLogger('info', pino.destination({ dest: 1, sync: true }));
}

/** Lines are written in batches of about this many bytes, and at least this often. */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 1000;

/**
 * Standard output, written in batches: one write per line was the largest single cost of a cheap
 * request (a system call each). Lines wait at most a second, and what is left is written
 * synchronously when the process exits (pino's own exit hook).
 */
function bufferedStdout(): pino.DestinationStream {
  const stdout = pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES });
  setInterval(() => {
    try {
      stdout.flush();
    } catch {
      // Closed at shutdown: nothing left to write.
    }
  }, LOG_FLUSH_MS).unref();
  return stdout;
}
