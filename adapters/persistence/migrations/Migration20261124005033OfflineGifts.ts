import { Migration } from '@mikro-orm/migrations';

/** Gifts given by hand, in a table of their own; a thank-you note thanks one gift of either kind. */
export class Migration20261124005033OfflineGifts extends Migration {
  override name = 'Migration20261124005033OfflineGifts';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "offline_gifts" ("id" uuid not null default gen_random_uuid(), "registry_id" uuid not null, "gift_giver_name" varchar(255) not null, "gift_giver_email" varchar(255) null, "amount" numeric(10,2) not null, "method" varchar(10) not null, "received_on" date not null, "note" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "offline_gifts_registry_id_index" on "offline_gifts" ("registry_id");`);

    this.addSql(`alter table "thank_you_notes" add "offline_gift_id" uuid null;`);
    this.addSql(
      `alter table "thank_you_notes" add constraint "thank_you_notes_offline_gift_id_foreign" foreign key ("offline_gift_id") references "offline_gifts" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "thank_you_notes" alter column "gift_id" drop not null;`);
    this.addSql(`alter table "thank_you_notes" add constraint "thank_you_notes_offline_gift_id_unique" unique ("offline_gift_id");`);
    this.addSql(
      `alter table "thank_you_notes" add constraint "thank_you_notes_one_gift_check" check (num_nonnulls("gift_id", "offline_gift_id") = 1);`,
    );

    this.addSql(
      `alter table "offline_gifts" add constraint "offline_gifts_registry_id_foreign" foreign key ("registry_id") references "registries" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "offline_gifts" add constraint "offline_gifts_method_check" check ("method" in ('cash', 'check', 'other'));`);
    this.addSql(`alter table "offline_gifts" add constraint "offline_gifts_amount_check" check ("amount" > 0);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "thank_you_notes" drop constraint "thank_you_notes_offline_gift_id_foreign";`);

    this.addSql(`drop table if exists "offline_gifts" cascade;`);

    this.addSql(`alter table "thank_you_notes" drop constraint "thank_you_notes_offline_gift_id_unique";`);
    this.addSql(`alter table "thank_you_notes" drop constraint "thank_you_notes_one_gift_check";`);
    this.addSql(`alter table "thank_you_notes" drop column "offline_gift_id";`);
    this.addSql(`alter table "thank_you_notes" alter column "gift_id" set not null;`);
  }
}
