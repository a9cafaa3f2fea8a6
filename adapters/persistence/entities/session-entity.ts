import { EntitySchema } from '@mikro-orm/core';

export interface SessionRow {
  sid: string;
  sess: Record<string, unknown>;
  expire: Date;
}

export const SessionEntity = new EntitySchema<SessionRow>({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    sid: { type: 'string', length: 255, primary: true },
    sess: { type: 'json' },
    expire: { type: 'datetime', index: 'sessions_expire_index' },
  },
});
