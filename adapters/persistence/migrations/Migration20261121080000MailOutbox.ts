import { Migration } from '@mikro-orm/migrations';

/** The mail queue's transactional outbox: one row per message, one message per dedupe key, ever. */
export class Migration20261121080000MailOutbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "mail_outbox" ("id" uuid not null default gen_random_uuid(), "dedupe_key" varchar(255) not null, "to" varchar(320) not null, "subject" text not null, "text" text not null, "html" text not null, "status" varchar(10) not null default 'queued', "attempts" int not null default 0, "next_attempt_at" timestamptz not null default now(), "last_error" text null, "created_at" timestamptz not null default now(), "sent_at" timestamptz null, primary key ("id"))`,
    );
    this.addSql(`alter table "mail_outbox" add constraint "mail_outbox_dedupe_key_unique" unique ("dedupe_key")`);
    this.addSql(`create index "mail_outbox_status_next_attempt_at_index" on "mail_outbox" ("status", "next_attempt_at")`);
    this.addSql(
      `alter table "mail_outbox" add constraint "mail_outbox_status_check" check ("status" in ('queued', 'sending', 'sent', 'failed'))`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "mail_outbox"`);
  }
}
