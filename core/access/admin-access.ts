import type { User } from '../model/user';
import { DomainError } from '../errors';
import type { AuditActor } from '../model/audit-event';

/** Administrators' pages and calls do not exist for anyone else: a plain "not found". */
export function requireAdmin(user: User | null): User {
  if (!user?.isAdmin) throw new DomainError('admin.required', 'Not found');
  return user;
}

/** How the audit trail's label begins for an administrator. */
export const ADMIN_LABEL = 'admin:';

/** A signed-in administrator as the audit trail names them. */
export function adminActor(user: User): AuditActor {
  return { userId: user.id, label: `${ADMIN_LABEL}${user.username}` };
}
