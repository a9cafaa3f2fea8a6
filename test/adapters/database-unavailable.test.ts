import { DriverException } from '@mikro-orm/core';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../adapters/http/database-unavailable';

/** An error as node-postgres reports one of PostgreSQL's (code and message), and as MikroORM passes it on. */
function postgresError(code: string, message: string): Error[] {
  const raw = Object.assign(new Error(message), { code, severity: 'FATAL' });
  return [raw, new DriverException(raw)];
}

describe('which failures are the database being away (503 with Retry-After) rather than a fault (500)', () => {
  it.each([
    ['53300', 'sorry, too many clients already'],
    ['53300', 'too many connections for role "registry"'],
    ['55000', 'database "registry" is not currently accepting connections'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection due to crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['57P03', 'the database system is shutting down'],
    ['08006', 'connection failure'],
    ['08001', 'could not connect to server'],
    ['08004', 'server rejected the connection'],
    ['08007', 'transaction resolution unknown'],
    ['57014', 'canceling statement due to statement timeout'],
    ['25P03', 'terminating connection due to idle-in-transaction timeout'],
  ])('PostgreSQL %s (%s) is', (code, message) => {
    for (const error of postgresError(code, message)) expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    'timeout exceeded when trying to connect',
    'Connection terminated due to connection timeout',
    'Connection terminated unexpectedly',
    'Query read timeout',
    'Client has encountered a connection error and is not queryable',
    'connect ECONNREFUSED 10.0.0.5:5432',
  ])('node-postgres\'s "%s" is', (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
    expect(isDatabaseUnavailable(new Error('the request failed', { cause: new Error(message) }))).toBe(true);
  });

  it.each([
    ['55000', 'cannot ALTER TABLE "gifts" because it has pending trigger events'],
    ['08P01', 'invalid byte sequence'],
    ['23505', 'duplicate key value violates unique constraint'],
    ['42P01', 'relation "gifts" does not exist'],
  ])('PostgreSQL %s (%s) is not', (code, message) => {
    for (const error of postgresError(code, message)) expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('a fault of our own is not', () => {
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
  });
});
