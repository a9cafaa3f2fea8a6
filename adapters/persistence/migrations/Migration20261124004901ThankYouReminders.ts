import { Migration } from '@mikro-orm/migrations';

/** The owner's one reminder about gifts without a sent card: one row per registry, so never two. */
export class Migration20261124004901ThankYouReminders extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create table "thank_you_reminders" ("id" uuid not null default gen_random_uuid(), "registry_id" uuid not null, "reminded_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "thank_you_reminders" add constraint "thank_you_reminders_registry_id_unique" unique ("registry_id");`);
    this.addSql(
      `alter table "thank_you_reminders" add constraint "thank_you_reminders_registry_id_foreign" foreign key ("registry_id") references "registries" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "thank_you_reminders" cascade;`);
  }
}
