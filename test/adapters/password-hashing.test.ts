import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../adapters/http/logger';
import { Argon2PasswordHasher } from '../../adapters/security/argon2-password-hasher';
import { readConfig } from '../../bootstrap/config';
import { startServer, type RunningServer } from '../../bootstrap/start-server';
import { aRegistration } from '../support/builders';
import { cheapPasswordHasher } from '../support/cheap-password-hasher';
import { HttpClient } from '../support/http-client';
import { pgliteTemplateDump } from '../support/migrated-templates';
import { tempDataDir } from '../support/test-server';

const PRODUCTION_PARAMETERS = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

describe('password hashing', () => {
  it('hashes with argon2id at OWASP’s minimum unless told otherwise', async () => {
    expect(await new Argon2PasswordHasher().hash('shalom-2026')).toMatch(PRODUCTION_PARAMETERS);
  });

  it('verifies a hash whatever cost it was made at, and refuses the wrong password', async () => {
    const production = new Argon2PasswordHasher();
    const cheap = await cheapPasswordHasher.hash('shalom-2026');
    expect(cheap).not.toMatch(PRODUCTION_PARAMETERS);
    expect(await production.verify(cheap, 'shalom-2026')).toBe(true);
    expect(await cheapPasswordHasher.verify(await production.hash('shalom-2026'), 'shalom-2026')).toBe(true);
    expect(await production.verify(cheap, 'shalom-2027')).toBe(false);
    expect(await production.verify('not a hash', 'shalom-2026')).toBe(false);
  });
});

describe('a server started without a hasher (as npm start does)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    const config = readConfig({ PORT: '0', DATA_DIR: tempDataDir(), LOG_LEVEL: 'warn' });
    config.database = { kind: 'pglite', dataDir: 'memory://', loadDataDir: pgliteTemplateDump() };
    server = await startServer(config, { logger: createLogger('warn'), webRoot: null });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores every new password at production cost', async () => {
    const registration = aRegistration();
    const response = await new HttpClient(server.url).post('/api/register', registration);
    expect(response.status).toBe(201);
    const [row] = await server.infrastructure.orm.em
      .fork()
      .execute<{ password: string }[]>('select password from users where username = ?', [String(registration.username)]);
    expect(row?.password).toMatch(PRODUCTION_PARAMETERS);
  });
});
