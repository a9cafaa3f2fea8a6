import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * JSON lines on stdout. Request bodies are never logged; cookies and credentials are redacted in
 * case a header object ever reaches a log call.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'headers.cookie', 'headers.authorization', '*.password', '*.clientSecret', '*.cardNumber', '*.sid'],
      censor: '[redacted]',
    },
  });
}
