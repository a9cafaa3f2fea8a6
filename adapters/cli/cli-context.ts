import type { Clock } from '@core/ports/clock';
import type { AuditActor } from '@core/payout/audit-event';

/** What every admin command gets besides the repositories. */
export interface CliContext {
  out: (line: string) => void;
  /** Who runs the command, for the audit trail (the operator's login name at the server). */
  actor: AuditActor;
  clock: Clock;
  /** Where replies to the e-mails a command sets off go (SUPPORT_EMAIL). */
  supportEmail: string;
}
