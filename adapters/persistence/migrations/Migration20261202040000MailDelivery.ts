import { Migration } from '@mikro-orm/migrations';

/**
 * Mail that reaches the inbox and stops when asked: each queued message says what it is, on whose
 * behalf it is written and which thank-you note it carries, and may end suppressed or with a
 * delivery problem; the suppression list; the providers' events, kept until applied; and a note's
 * corrected address and "not delivered" time. Old queued messages have no kind: taken as transactional.
 */
export class Migration20261202040000MailDelivery extends Migration {
  override name = 'Migration20261202040000MailDelivery';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "mail_outbox" add "kind" varchar(30) null, add "sender_name" varchar(200) null, add "thank_you_note_id" uuid null, add "delivery_problem" varchar(20) null, add "delivery_problem_at" timestamptz null;`,
    );
    this.addSql(`alter table "mail_outbox" drop constraint "mail_outbox_status_check";`);
    this.addSql(
      `alter table "mail_outbox" add constraint "mail_outbox_status_check" check ("status" in ('queued', 'sending', 'sent', 'failed', 'suppressed'));`,
    );
    this.addSql(`create index "mail_outbox_thank_you_note_id_index" on "mail_outbox" ("thank_you_note_id");`);

    this.addSql(
      `create table "mail_suppressions" ("address" varchar(320) not null, "scope" varchar(30) not null, "reason" varchar(20) not null, "created_at" timestamptz not null default now(), primary key ("address", "scope"));`,
    );
    this.addSql(
      `alter table "mail_suppressions" add constraint "mail_suppressions_scope_check" check ("scope" in ('all', 'non-transactional', 'thank-you-cards', 'reminders', 'invitations', 'newsletter'));`,
    );
    this.addSql(
      `alter table "mail_suppressions" add constraint "mail_suppressions_reason_check" check ("reason" in ('bounce', 'dropped', 'spam-report', 'unsubscribe'));`,
    );

    this.addSql(
      `create table "mail_events" ("id" varchar(100) not null, "problem" varchar(20) not null, "address" varchar(320) not null, "mail_id" uuid null, "kind" varchar(30) null, "occurred_at" timestamptz not null, "received_at" timestamptz not null default now(), "processed_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "mail_events_received_at_index" on "mail_events" ("received_at");`);
    this.addSql(
      `alter table "mail_events" add constraint "mail_events_problem_check" check ("problem" in ('bounce', 'dropped', 'spam-report', 'unsubscribe'));`,
    );

    this.addSql(`alter table "thank_you_notes" add "send_to" varchar(320) null, add "not_delivered_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "thank_you_notes" drop column "send_to", drop column "not_delivered_at";`);
    this.addSql(`drop table if exists "mail_events" cascade;`);
    this.addSql(`drop table if exists "mail_suppressions" cascade;`);
    this.addSql(`drop index "mail_outbox_thank_you_note_id_index";`);
    this.addSql(`delete from "mail_outbox" where "status" = 'suppressed';`);
    this.addSql(`alter table "mail_outbox" drop constraint "mail_outbox_status_check";`);
    this.addSql(
      `alter table "mail_outbox" add constraint "mail_outbox_status_check" check ("status" in ('queued', 'sending', 'sent', 'failed'));`,
    );
    this.addSql(
      `alter table "mail_outbox" drop column "kind", drop column "sender_name", drop column "thank_you_note_id", drop column "delivery_problem", drop column "delivery_problem_at";`,
    );
  }
}
