import type { Clock } from '@core/ports/clock';
import type { PaymentGateway } from '@core/ports/payment-gateway';
import type { AuditActor } from '@core/model/audit-event';

/** What every admin command gets besides the repositories. */
export interface CliContext {
  out: (line: string) => void;
  /** Who runs the command, for the audit trail (the operator's login name at the server). */
  actor: AuditActor;
  clock: Clock;
  /** Where replies to the e-mails a command sets off go (SUPPORT_EMAIL). */
  supportEmail: string;
  /** The payment provider, opened only by the commands that ask it (ledger reconcile); absent where none is configured. */
  gateway?: () => Promise<PaymentGateway>;
  /** The site's address, for the links in the e-mails a command sets off (PUBLIC_URL). */
  appUrl?: string;
  /** Asks the operator a yes-or-no question at the terminal; absent when there is none to ask at (a script, a pipe). */
  confirm?: (question: string) => Promise<boolean>;
}
