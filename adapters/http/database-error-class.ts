/** A PostgreSQL SQLSTATE: a class of two characters, then three. */
const SQLSTATE = /^([0-9][0-9A-Z]|XX|P0|F0|HV)[0-9A-Z]{3}$/;

/** The classes an operator is likely to meet, by PostgreSQL's own names (Appendix A of its manual). */
const CLASS_NAMES: Record<string, string> = {
  '08': 'connection_exception',
  '22': 'data_exception',
  '23': 'integrity_constraint_violation',
  '25': 'invalid_transaction_state',
  '40': 'transaction_rollback',
  '42': 'syntax_error_or_access_rule_violation',
  '53': 'insufficient_resources',
  '54': 'program_limit_exceeded',
  '55': 'object_not_in_prerequisite_state',
  '57': 'operator_intervention',
  '58': 'system_error',
  XX: 'internal_error',
};

/** Every class databaseErrorClass names, but the rare class_XX: counted at zero from the start. */
export const DATABASE_ERROR_CLASSES = [...Object.values(CLASS_NAMES), 'pool_timeout', 'connection_lost'];

/** node-postgres's own failures, which carry no SQLSTATE. */
const POOL_TIMEOUT = /timeout exceeded when trying to connect/i;
const CONNECTION_LOST = /Connection terminated|The database closed the connection|ECONNREFUSED/i;

/**
 * The class of a database failure, for counting (a metric label, so a short fixed set): the
 * SQLSTATE class's name, pool_timeout or connection_lost; null for anything not from the database.
 */
export function databaseErrorClass(error: unknown): string | null {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && SQLSTATE.test(code)) {
      const sqlClass = code.slice(0, 2);
      return CLASS_NAMES[sqlClass] ?? `class_${sqlClass}`;
    }
    if (typeof message === 'string' && POOL_TIMEOUT.test(message)) return 'pool_timeout';
    if (typeof message === 'string' && CONNECTION_LOST.test(message)) return 'connection_lost';
    current = cause;
  }
  return null;
}
