import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../adapters/http/logger';

describe('the logger', () => {
  it('never writes the SQL or values a database error carries', () => {
    const lines: string[] = [];
    const logger = createLogger('info', new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
    const error = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      query: `insert into "users" ("password") values ('$argon2id$v=19$secret-hash')`,
      params: ['$argon2id$v=19$secret-hash'],
      detail: 'Key (email)=(parent@example.com) already exists.',
    });
    logger.error({ err: error, req: { headers: { cookie: 'registry.sid=abc' } } }, 'unhandled error');
    const text = lines.join('');
    expect(text).toContain('duplicate key value');
    expect(text).not.toMatch(/secret-hash|parent@example\.com|registry\.sid=abc/);
  });
});
