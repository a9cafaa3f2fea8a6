import { Migration } from '@mikro-orm/migrations';

/**
 * A refused bank payout has a way out: when the family was last e-mailed of a payout issue (so a
 * second try on an unchanged account within the hour sends no second e-mail; existing rows start
 * with none, and their next failure is e-mailed), and the audit trail's two new actions: a payout
 * switched to PayPal or a check, and an administrator's retry of a bank payout.
 */
export class Migration20261125160000FailedPayoutWayOut extends Migration {
  override up(): void | Promise<void> {
    this.addSql(`alter table "registries" add "payout_issue_emailed_at" timestamptz null;`);
    this.addSql(`alter table "audit_events" drop constraint "audit_events_action_check";`);
    this.addSql(
      `alter table "audit_events" add constraint "audit_events_action_check" check ("action" in ('charity_payout.completed', 'manual_payout.completed', 'gift.refund_started', 'gift.refunded', 'gift.refund_failed', 'payout.method_switched', 'bank_payout.retried'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "audit_events" drop constraint "audit_events_action_check";`);
    this.addSql(
      `alter table "audit_events" add constraint "audit_events_action_check" check ("action" in ('charity_payout.completed', 'manual_payout.completed', 'gift.refund_started', 'gift.refunded', 'gift.refund_failed'));`,
    );
    this.addSql(`alter table "registries" drop column "payout_issue_emailed_at";`);
  }
}
