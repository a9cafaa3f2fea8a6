import type { SessionRepository, StoredSession } from '@core/ports/session-repository';

export class InMemorySessionRepository implements SessionRepository {
  rows = new Map<string, StoredSession>();

  async get(sid: string, now: Date): Promise<StoredSession | null> {
    const row = this.rows.get(sid);
    return row && row.expire > now ? structuredClone(row) : null;
  }

  async set(sid: string, session: StoredSession): Promise<void> {
    this.rows.set(sid, structuredClone(session));
  }

  async update(sid: string, session: StoredSession): Promise<boolean> {
    if (!this.rows.has(sid)) return false;
    this.rows.set(sid, structuredClone(session));
    return true;
  }

  async destroy(sid: string): Promise<void> {
    this.rows.delete(sid);
  }

  async destroyForUser(userId: string): Promise<number> {
    let ended = 0;
    for (const [sid, row] of this.rows) {
      if (row.data.userId === userId) {
        this.rows.delete(sid);
        ended += 1;
      }
    }
    return ended;
  }

  async purgeExpired(now: Date): Promise<number> {
    let purged = 0;
    for (const [sid, row] of this.rows) {
      if (row.expire <= now) {
        this.rows.delete(sid);
        purged += 1;
      }
    }
    return purged;
  }
}
