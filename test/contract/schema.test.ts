import { describe, expect, it } from 'vitest';
import { openTestDatabase, postgresUrl } from '../support/databases';

describe.each(['pglite', ...(postgresUrl ? ['postgresql' as const] : [])] as const)('the schema on %s', (kind) => {
  // From an empty database, not from the template the other tests copy: this is where the
  // migrations themselves run inside a test.
  it('is exactly what the entity definitions describe once the committed migrations have run', async () => {
    const database = await openTestDatabase(kind, { fromScratch: true });
    try {
      const drift = await database.orm.schema.getUpdateSchemaSQL({ wrap: false });
      expect(drift.trim(), 'run npm run migration:create and commit the migration').toBe('');
    } finally {
      await database.close();
    }
  });
});
