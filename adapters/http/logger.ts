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
      paths: ['req.headers.cookie', 'req.headers.authorization', 'headers.cookie', 'headers.authorization', '*.password', '*.clientSecret', '*.cardNumber', '*.sid'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
