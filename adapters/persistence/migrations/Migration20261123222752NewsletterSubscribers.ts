import { Migration } from '@mikro-orm/migrations';

/** The footer's newsletter list: one row per address, with when it agreed; removed when it unsubscribes. */
export class Migration20261123222752NewsletterSubscribers extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create table "newsletter_subscribers" ("id" uuid not null default gen_random_uuid(), "email" varchar(255) not null, "unsubscribe_token_hash" varchar(64) not null, "consented_at" timestamptz not null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`alter table "newsletter_subscribers" add constraint "newsletter_subscribers_email_unique" unique ("email");`);
    this.addSql(
      `alter table "newsletter_subscribers" add constraint "newsletter_subscribers_unsubscribe_token_hash_unique" unique ("unsubscribe_token_hash");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "newsletter_subscribers" cascade;`);
  }
}
