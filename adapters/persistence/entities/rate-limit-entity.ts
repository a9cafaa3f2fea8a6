import { EntitySchema } from '@mikro-orm/core';

/** The counters of rate-limiter-flexible (its own column layout), shared by every server process. */
export interface RateLimitRow {
  key: string;
  points: number;
  expire: string | null;
}

export const RateLimitEntity = new EntitySchema<RateLimitRow>({
  name: 'RateLimit',
  tableName: 'rate_limits',
  indexes: [{ name: 'rate_limits_expire_index', properties: ['expire'] }],
  properties: {
    key: { type: 'string', length: 255, primary: true },
    points: { type: 'integer', default: 0 },
    expire: { type: 'bigint', nullable: true },
  },
});
