import { Migration } from '@mikro-orm/migrations';

/** Co-owners of a registry (the ids on the registry itself) and the e-mailed invitations to become one. */
export class Migration20261124004900CoOwners extends Migration {
  override up(): void | Promise<void> {
    this.addSql(
      `create table "co_owner_invitations" ("id" uuid not null default gen_random_uuid(), "registry_id" uuid not null, "email" varchar(255) not null, "invited_by" uuid not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "accepted_at" timestamptz null, "accepted_by" uuid null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`alter table "co_owner_invitations" add constraint "co_owner_invitations_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "co_owner_invitations_registry_id_index" on "co_owner_invitations" ("registry_id");`);

    this.addSql(`alter table "registries" add "co_owner_ids" text[] not null default '{}';`);
    this.addSql(`create index "registries_co_owner_ids_index" on "registries" using gin ("co_owner_ids");`);

    this.addSql(
      `alter table "co_owner_invitations" add constraint "co_owner_invitations_registry_id_foreign" foreign key ("registry_id") references "registries" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "co_owner_invitations" add constraint "co_owner_invitations_invited_by_foreign" foreign key ("invited_by") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "co_owner_invitations" add constraint "co_owner_invitations_accepted_by_foreign" foreign key ("accepted_by") references "users" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "co_owner_invitations" cascade;`);

    this.addSql(`drop index "registries_co_owner_ids_index";`);
    this.addSql(`alter table "registries" drop column "co_owner_ids";`);
  }
}
