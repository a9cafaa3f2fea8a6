import { Migration } from '@mikro-orm/migrations';

const SCOPES_BEFORE = `'all', 'non-transactional', 'thank-you-cards', 'reminders', 'invitations', 'newsletter'`;
const SCOPES_AFTER = `'all', 'non-transactional', 'thank-you-cards', 'reminders', 'invitations', 'guest-invitations', 'newsletter'`;

/**
 * Invitations by e-mail: when each guest was invited and reminded; the family's invitation
 * settings (message, time, place, reminder), one row per registry once saved, gone with it; and
 * the opt-out that stops families' invitations and their reminders.
 */
export class Migration20261205200000GuestInvitations extends Migration {
  override name = 'Migration20261205200000GuestInvitations';

  override up(): void | Promise<void> {
    this.addSql(`alter table "guests" add column "invited_at" timestamptz null, add column "reminded_at" timestamptz null;`);
    this.addSql(
      `create table "invitation_settings" ("registry_id" uuid not null, "message" varchar(1000) not null default '', "start_time" varchar(5) null, "place" varchar(300) null, "reminder_days" int null, "updated_at" timestamptz not null default now(), primary key ("registry_id"));`,
    );
    this.addSql(
      `alter table "invitation_settings" add constraint "invitation_settings_registry_id_foreign" foreign key ("registry_id") references "registries" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "invitation_settings" add constraint "invitation_settings_reminder_days_check" check ("reminder_days" is null or "reminder_days" in (3, 7, 14));`,
    );
    this.addSql(`alter table "mail_suppressions" drop constraint "mail_suppressions_scope_check";`);
    this.addSql(`alter table "mail_suppressions" add constraint "mail_suppressions_scope_check" check ("scope" in (${SCOPES_AFTER}));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "mail_suppressions" where "scope" = 'guest-invitations';`);
    this.addSql(`alter table "mail_suppressions" drop constraint "mail_suppressions_scope_check";`);
    this.addSql(`alter table "mail_suppressions" add constraint "mail_suppressions_scope_check" check ("scope" in (${SCOPES_BEFORE}));`);
    this.addSql(`drop table if exists "invitation_settings" cascade;`);
    this.addSql(`alter table "guests" drop column "invited_at", drop column "reminded_at";`);
  }
}
