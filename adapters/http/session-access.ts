import type { HttpContext } from './http-state';

/** The part of koa-session's per-request session that we use. */
interface SessionData {
  userId?: string;
  regenerate(): Promise<void> | undefined;
}

function sessionOf(ctx: HttpContext): SessionData | null {
  return (ctx as unknown as { session: SessionData | null }).session ?? null;
}

export function signedInUserId(ctx: HttpContext): string | null {
  const userId = sessionOf(ctx)?.userId;
  return typeof userId === 'string' ? userId : null;
}

/** Signs a user in under a brand-new session id, so an id fixed before login is worthless. */
export async function startSession(ctx: HttpContext, userId: string): Promise<void> {
  const session = sessionOf(ctx);
  if (!session) throw new Error('session middleware is not installed');
  session.userId = userId;
  await session.regenerate();
}

/** Deletes the session row and clears the cookie. */
export function endSession(ctx: HttpContext): void {
  (ctx as unknown as { session: null }).session = null;
}
