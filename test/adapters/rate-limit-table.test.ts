import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rateLimitTable, windowText } from '../../adapters/http/rate-limit-policies';

describe("the operations page's table of rate limits", () => {
  it('is the one the server counts by, row for row', () => {
    const operations = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
    // When this fails, paste the output of rateLimitTable() (adapters/http/rate-limit-policies.ts) into docs/operations.md#rate-limits.
    expect(operations).toContain(`\n${rateLimitTable()}\n`);
  });

  it('names each window as a person would', () => {
    expect([60, 600, 900, 3600, 7200, 86400, 90].map(windowText)).toEqual([
      'a minute',
      '10 minutes',
      '15 minutes',
      'an hour',
      '2 hours',
      'a day',
      '90 seconds',
    ]);
  });
});
