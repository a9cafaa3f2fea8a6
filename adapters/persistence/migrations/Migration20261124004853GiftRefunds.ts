import { Migration } from '@mikro-orm/migrations';

export class Migration20261124004853GiftRefunds extends Migration {
  override up(): void | Promise<void> {
    this.addSql(`alter table "gifts" drop constraint "gifts_payment_status_check";`);
    this.addSql(`alter table "gifts" add "refund_started_at" timestamptz null;`);
    this.addSql(
      `alter table "gifts" add constraint "gifts_payment_status_check" check ("payment_status" in ('pending', 'succeeded', 'failed', 'refunding', 'refunded', 'expired'));`,
    );

    this.addSql(`alter table "audit_events" drop constraint "audit_events_action_check";`);
    this.addSql(`alter table "audit_events" drop constraint "audit_events_subject_type_check";`);
    this.addSql(
      `alter table "audit_events" add constraint "audit_events_action_check" check ("action" in ('charity_payout.completed', 'manual_payout.completed', 'gift.refund_started', 'gift.refunded', 'gift.refund_failed'));`,
    );
    this.addSql(
      `alter table "audit_events" add constraint "audit_events_subject_type_check" check ("subject_type" in ('charity_payout', 'registry', 'gift'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "audit_events" drop constraint "audit_events_action_check";`);
    this.addSql(`alter table "audit_events" drop constraint "audit_events_subject_type_check";`);
    this.addSql(
      `alter table "audit_events" add constraint "audit_events_action_check" check ("action" in ('charity_payout.completed', 'manual_payout.completed'));`,
    );
    this.addSql(
      `alter table "audit_events" add constraint "audit_events_subject_type_check" check ("subject_type" in ('charity_payout', 'registry'));`,
    );

    this.addSql(`alter table "gifts" drop constraint "gifts_payment_status_check";`);
    this.addSql(`alter table "gifts" drop column "refund_started_at";`);
    this.addSql(
      `alter table "gifts" add constraint "gifts_payment_status_check" check ("payment_status" in ('pending', 'succeeded', 'failed', 'refunded', 'expired'));`,
    );
  }
}
