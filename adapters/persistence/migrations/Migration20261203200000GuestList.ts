import { Migration } from '@mikro-orm/migrations';

/** The family's guest list: one row per registry and e-mail address, gone with its registry. */
export class Migration20261203200000GuestList extends Migration {
  override name = 'Migration20261203200000GuestList';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "guests" ("id" uuid not null default gen_random_uuid(), "registry_id" uuid not null, "name" varchar(255) not null, "email" varchar(255) not null, "party_size" int not null, "street" varchar(255) null, "city" varchar(255) null, "region" varchar(255) null, "postal_code" varchar(255) null, "country" varchar(255) null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`alter table "guests" add constraint "guests_registry_id_email_unique" unique ("registry_id", "email");`);
    this.addSql(
      `alter table "guests" add constraint "guests_registry_id_foreign" foreign key ("registry_id") references "registries" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "guests" add constraint "guests_party_size_check" check ("party_size" >= 1 and "party_size" <= 20);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "guests" cascade;`);
  }
}
