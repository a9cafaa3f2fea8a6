import { raw } from '@mikro-orm/core';
import type { SessionRepository, StoredSession } from '@core/ports/session-repository';
import { SessionEntity } from '../entities/session-entity';
import type { EntityManagerSource } from './entity-manager-source';

export class MikroOrmSessionRepository implements SessionRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async get(sid: string, now: Date): Promise<StoredSession | null> {
    const row = await this.em().findOne(SessionEntity, { sid, expire: { $gt: now } });
    return row ? { data: row.sess, expire: row.expire } : null;
  }

  async set(sid: string, session: StoredSession): Promise<void> {
    await this.em().upsert(SessionEntity, { sid, sess: session.data, expire: session.expire });
  }

  async update(sid: string, session: StoredSession): Promise<boolean> {
    const changed = await this.em().nativeUpdate(SessionEntity, { sid }, { sess: session.data, expire: session.expire });
    return changed > 0;
  }

  async destroy(sid: string): Promise<void> {
    await this.em().nativeDelete(SessionEntity, { sid });
  }

  async destroyForUser(userId: string): Promise<number> {
    return this.em().nativeDelete(SessionEntity, { [raw(`sess->>'userId'`)]: userId });
  }

  async purgeExpired(now: Date): Promise<number> {
    return this.em().nativeDelete(SessionEntity, { expire: { $lte: now } });
  }
}
