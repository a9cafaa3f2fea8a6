export interface StoredSession {
  data: Record<string, unknown>;
  expire: Date;
}

/** Server-side sessions (the spec's sessions table: sid, sess, expire). */
export interface SessionRepository {
  get(sid: string, now: Date): Promise<StoredSession | null>;
  set(sid: string, session: StoredSession): Promise<void>;
  /**
   * Rewrites a session that still exists (a renewal); answers false, writing nothing, when it has
   * been ended meanwhile, so a request in flight during a password reset cannot bring it back.
   */
  update(sid: string, session: StoredSession): Promise<boolean>;
  destroy(sid: string): Promise<void>;
  /** Ends every session signed in as the user (after a password change or reset); answers how many. */
  destroyForUser(userId: string): Promise<number>;
  purgeExpired(now: Date): Promise<number>;
}
